import Foundation

/// Keeps secrets in the user's kernel keyring (`@u`) on Linux, through `keyctl` of the
/// `keyutils` package.
///
/// Each secret is a `user` key named by its caller, such as `my-tool:sha256:9cb3…` for the
/// password of a document (a ``KeyringCredentialStore`` names its keys so). `keyctl` is run
/// directly by its absolute path, never through a shell, and the secret travels on its
/// standard input (`keyctl padd`) and standard output (`keyctl pipe`) only: no command line, no
/// file, no output.
///
/// A key lives as long as the user's keyring: until the user's last session ends (or the
/// machine restarts), or until its optional time-to-live.
///
/// ```swift
/// let keyring = KernelKeyring()
/// try await keyring.store("s3cret", named: "my-tool:sha256:9cb3…", timeout: .seconds(3600))
/// let secret = try await keyring.secret(named: "my-tool:sha256:9cb3…")  // "s3cret"
/// ```
public struct KernelKeyring: Sendable {
  /// Why the keyring could not be used; a key that does not exist is no error.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `keyctl` is not found in the search path.
    case keyctlMissing
    /// A key name is empty, starts with `-`, or contains a control character or a space (any
    /// of Unicode's, such as a no-break space or U+0085).
    case invalidName
    /// The kernel (or `keyctl`) refused: no keyring in this container, a permission, a quota,
    /// a revoked key.
    ///
    /// - Parameter reason: `keyctl`'s standard error, or its exit status.
    case refused(reason: String)

    /// A sentence saying what went wrong, in English.
    public var description: String {
      switch self {
      case .keyctlMissing: "keyctl was not found on PATH (install the keyutils package)"
      case .invalidName: "a key name must be printable and without spaces"
      case .refused(let reason): "the kernel keyring refused: \(reason)"
      }
    }
  }

  /// The Debian (and Ubuntu) package that installs `keyctl`.
  public static let package = "keyutils"

  /// The directories searched for `keyctl`, separated by `:`.
  public var searchPath: String
  /// Runs `keyctl`.
  public var runner: any ProcessRunner

  /// Creates access to the user's kernel keyring.
  ///
  /// - Parameters:
  ///   - searchPath: The directories to search for `keyctl`, separated by `:`. Defaults to the
  ///     `PATH` of the environment (``SystemProcessRunner/searchPath``).
  ///   - runner: Runs `keyctl`. Defaults to a ``SystemProcessRunner``.
  public init(
    searchPath: String = SystemProcessRunner.searchPath,
    runner: any ProcessRunner = SystemProcessRunner()
  ) {
    self.searchPath = searchPath
    self.runner = runner
  }

  /// Whether `keyctl` is found in the search path.
  public var isInstalled: Bool {
    SystemProcessRunner.locate("keyctl", searchPath: searchPath) != nil
  }

  /// Whether the keyring can be used: `keyctl` is found and the user's keyring answers, which
  /// it does not in a container whose seccomp profile blocks the keyring's system calls.
  ///
  /// - Returns: Whether `keyctl rlist @u` succeeds.
  public func isAvailable() async -> Bool {
    guard let keyctl = SystemProcessRunner.locate("keyctl", searchPath: searchPath) else {
      return false
    }
    return (try? await run(keyctl, ["rlist", "@u"])) != nil
  }

  /// Stores a secret under a name, replacing the secret stored under it before.
  ///
  /// - Parameters:
  ///   - secret: The secret; its UTF-8 bytes are the key's data.
  ///   - name: The key's name (its description).
  ///   - timeout: How long the key lives (`keyctl timeout`), rounded up to whole seconds, from
  ///     1 to the kernel's longest, 2^32 − 1 seconds (about 136 years); `nil` for the
  ///     keyring's lifetime. When the time-to-live cannot be set (or the task is cancelled
  ///     first), the key is removed again: no key outlives the time asked for.
  /// - Throws: ``Failure``, or `CancellationError` when the task is cancelled.
  public func store(_ secret: String, named name: String, timeout: Duration? = nil) async throws {
    let keyctl = try locateKeyctl(name)
    let add = ["padd", "user", name, "@u"]
    guard let timeout else {
      _ = try await run(keyctl, add, standardInput: Data(secret.utf8))
      return
    }
    try Task.checkCancellation()
    var added: String?
    do {
      added = try await run(keyctl, add, standardInput: Data(secret.utf8))
      let id = added?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      _ = try await run(keyctl, ["timeout", id, "\(Self.seconds(of: timeout))"])
    } catch {
      // The key was added, or may have been when `padd` was ended; a refused `padd` added
      // none. Not in this task, which may be cancelled: the key must go either way.
      if added != nil || error is CancellationError {
        let keyring = self
        await Task.detached { _ = try? await keyring.remove(named: name) }.value
      }
      throw error
    }
  }

  /// The whole seconds of `keyctl timeout`, rounded up: at least 1, and at most what its 32
  /// bits hold (2^32 would wrap to 0, a key that never expires).
  private static func seconds(of timeout: Duration) -> UInt32 {
    let (whole, fraction) = timeout.components
    guard whole < Int64(UInt32.max) else { return .max }
    return UInt32(max(1, whole + (fraction > 0 ? 1 : 0)))
  }

  /// The secret stored under a name.
  ///
  /// - Parameter name: The key's name.
  /// - Returns: The secret, or `nil` when no key has that name (or it expired).
  /// - Throws: ``Failure``, or `CancellationError` when the task is cancelled.
  public func secret(named name: String) async throws -> String? {
    let keyctl = try locateKeyctl(name)
    guard let id = try await keyID(named: name, keyctl: keyctl) else { return nil }
    return try await run(keyctl, ["pipe", id])
  }

  /// Removes the key of a name from the user's keyring.
  ///
  /// - Parameter name: The key's name.
  /// - Returns: Whether a key was removed; `false` when none had that name.
  /// - Throws: ``Failure``, or `CancellationError` when the task is cancelled.
  @discardableResult
  public func remove(named name: String) async throws -> Bool {
    let keyctl = try locateKeyctl(name)
    guard let id = try await keyID(named: name, keyctl: keyctl) else { return false }
    _ = try await run(keyctl, ["unlink", id, "@u"])
    return true
  }

  private func locateKeyctl(_ name: String) throws(Failure) -> String {
    guard !name.isEmpty, !name.hasPrefix("-"),
      name.unicodeScalars.allSatisfy({
        !$0.properties.isWhitespace && $0.properties.generalCategory != .control
      })
    else { throw .invalidName }
    guard let keyctl = SystemProcessRunner.locate("keyctl", searchPath: searchPath) else {
      throw .keyctlMissing
    }
    return keyctl
  }

  /// The id of the key of a name in `@u`, or `nil` when there is none.
  ///
  /// `keyctl search` fails the same way (status 1) for a missing key and a refused keyring,
  /// and its message is in the locale's language; listing the keyring tells them apart: when
  /// it can be listed, the key is missing.
  private func keyID(named name: String, keyctl: String) async throws -> String? {
    let search = try await invoke(keyctl, ["search", "@u", "user", name])
    if search.status == 0, !search.wasSignalled {
      return String(decoding: search.standardOutput, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try Task.checkCancellation()
    _ = try await run(keyctl, ["rlist", "@u"])
    return nil
  }

  /// Runs `keyctl` and returns its standard output as text.
  private func run(
    _ keyctl: String, _ arguments: [String], standardInput: Data = Data()
  ) async throws -> String {
    try Task.checkCancellation()
    let result = try await invoke(keyctl, arguments, standardInput: standardInput)
    guard result.status == 0, !result.wasSignalled else {
      throw Failure.refused(reason: result.failureReason)
    }
    return String(decoding: result.standardOutput, as: UTF8.self)
  }

  /// Runs `keyctl`; a `keyctl` that cannot be started (`ENOEXEC`, `EACCES`) is a refusal too.
  private func invoke(
    _ keyctl: String, _ arguments: [String], standardInput: Data = Data()
  ) async throws -> ProcessResult {
    do {
      return try await runner.run(
        ProcessInvocation(executable: keyctl, arguments: arguments, standardInput: standardInput))
    } catch let error as POSIXError {
      throw Failure.refused(reason: String(cString: strerror(error.code.rawValue)))
    }
  }
}
