extension PasswordSource {
  /// Why a password file (`--password-file`) cannot be used.
  public enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file cannot be opened or read.
    ///
    /// - Parameter reason: The system's reason, such as "No such file or directory".
    case unreadable(reason: String)
    /// The file is larger than ``PasswordSource/maximumFileSize`` bytes — not a list of
    /// passwords (`/dev/zero`, a disk image).
    ///
    /// - Parameter limit: The largest size read, in bytes.
    case tooLarge(limit: Int)

    /// The reason, in English.
    public var description: String { description(language: "en") }

    /// The reason in a language; the system's reason stays in its own words.
    ///
    /// - Parameter language: `en`, `de` or `fr`; any other language gets English.
    /// - Returns: The reason, such as `it is larger than 1024 KiB, so not a list of passwords`.
    public func description(language: String) -> String {
      switch self {
      case .unreadable(let reason): reason
      case .tooLarge(let limit):
        switch language {
        case "de": "sie ist größer als \(limit / 1024) KiB, also keine Liste von Passwörtern"
        case "fr": "il dépasse \(limit / 1024) Kio, ce n’est donc pas une liste de mots de passe"
        default: "it is larger than \(limit / 1024) KiB, so not a list of passwords"
        }
      }
    }
  }

  /// The note that a password file cannot be read, without a line feed: a tool writes it when
  /// ``file(_:toolName:language:writeNote:)`` throws, and the source writes it when a later
  /// read fails.
  ///
  /// - Parameters:
  ///   - file: The file's path; control characters are cleaned (``TerminalText/clean(_:tabs:)``).
  ///   - error: Why it cannot be read.
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The note, such as `my-tool: cannot read the password file 'pw': No such file or
  ///   directory`.
  public static func unreadableFileNote(
    file: String, error: FileError, toolName: String, language: String
  ) -> String {
    let file = TerminalText.clean(file)
    let reason = TerminalText.clean(error.description(language: language))
    return switch language {
    case "de": "\(toolName): die Passwortdatei „\(file)“ kann nicht gelesen werden: \(reason)"
    case "fr":
      "\(toolName)\u{A0}: impossible de lire le fichier de mots de passe "
        + "«\u{A0}\(file)\u{A0}»\u{A0}: \(reason)"
    default: "\(toolName): cannot read the password file '\(file)': \(reason)"
    }
  }

  /// The note that a line longer than ``maximumLineLength`` bytes ended the passwords, without
  /// a line feed.
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The note, such as `my-tool: a password line is longer than 1024 bytes; no more
  ///   passwords are read.`
  public static func longLineNote(toolName: String, language: String) -> String {
    let limit = maximumLineLength
    return switch language {
    case "de":
      "\(toolName): eine Passwortzeile ist länger als \(limit) Bytes; es werden keine "
        + "weiteren Passwörter gelesen."
    case "fr":
      "\(toolName)\u{A0}: une ligne de mot de passe dépasse \(limit) octets\u{A0}; aucun "
        + "autre mot de passe n’est lu."
    default:
      "\(toolName): a password line is longer than \(limit) bytes; no more passwords are read."
    }
  }

  /// The prompt of ``terminalPrompt(input:interrupts:language:writePrompt:)``, without a line
  /// feed.
  ///
  /// - Parameters:
  ///   - name: What the password opens, as shown, such as a file's name.
  ///   - afterWrongPassword: Whether a wrong password was given before: the prompt says so.
  ///   - language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The prompt, such as `Password for 'report.pdf' (empty to skip): `.
  public static func prompt(naming name: String, afterWrongPassword: Bool, language: String)
    -> String
  {
    switch language {
    case "de":
      (afterWrongPassword ? "Falsches Passwort. " : "")
        + "Passwort für „\(name)“ (leer zum Überspringen): "
    case "fr":
      (afterWrongPassword ? "Mot de passe incorrect. " : "")
        + "Mot de passe de «\u{A0}\(name)\u{A0}» (vide pour passer)\u{A0}: "
    default:
      (afterWrongPassword ? "Wrong password. " : "") + "Password for '\(name)' (empty to skip): "
    }
  }
}
