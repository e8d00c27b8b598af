import StatefulContent
import StatefulContentTerminal

extension ViewerApp {
  /// The passwords remembered for the documents of one run: the machine's credential memory
  /// over ``ViewerApp/keyring``, and the note `--remember` owes the user when the keyring
  /// cannot keep them.
  ///
  /// Passwords remembered before are tried whether or not `--remember` is given, so that a
  /// PDF remembered once opens without a prompt however it is named; only `--remember` (or
  /// `--remember-for`) keeps a new one.
  struct PasswordMemory {
    /// The memory each session's machine gets, or `nil` without `keyctl`.
    let memory: CredentialMemory?
    /// The store of ``memory``, which keeps how the keyring failed.
    let store: KeyringCredentialStore
    /// Whether `--remember` was given.
    let remembers: Bool
    /// Whether the note was written: once a run is enough.
    private var noted = false

    /// The memory for a run.
    ///
    /// - Parameters:
    ///   - keyring: The keyring the passwords live in.
    ///   - options: The run's options: `--remember` and its timeout.
    init(keyring: KernelKeyring, options: ViewerOptions) {
      store = KeyringCredentialStore(
        keyPrefix: DocumentFingerprint.keyPrefix, keyring: keyring,
        timeout: options.rememberTimeout)
      remembers = options.remembers
      memory = store.memory(remembering: remembers)
    }

    /// The note that passwords are not remembered, ending with a line feed — once, and only
    /// with `--remember` and a keyring that is missing or failed.
    ///
    /// - Parameter strings: The language of the note.
    /// - Returns: The note, or `nil` when there is nothing (more) to say.
    mutating func note(in strings: ViewerStrings) -> String? {
      guard remembers, !noted,
        let note = store.unrememberedNote(
          toolName: ViewerApp.toolName, language: strings.language)
      else { return nil }
      noted = true
      return note + "\n"
    }
  }
}
