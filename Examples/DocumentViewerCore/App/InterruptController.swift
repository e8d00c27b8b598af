/// Decides what Ctrl-C (`SIGINT`) does: cancel the running load once, otherwise quit.
///
/// The first interrupt while a document loads (or a password is being checked) cancels that
/// load — the session brings back what was shown before — and the viewer goes on. A second
/// interrupt, or one while nothing loads (for example at a password prompt), quits with
/// status 130 after running the registered clean-ups (such as turning the terminal's echo back
/// on).
///
/// The decision is a plain method, ``interrupt()``, so that tests call it instead of sending
/// signals; ``InterruptSignal`` calls it for real `SIGINT`s.
///
/// ```swift
/// let interrupts = InterruptController()
/// interrupts.session = session          // while it opens
/// interrupts.interrupt()                // .cancelledLoad, and the session shows its old state
/// interrupts.interrupt()                // .exit(status: 130)
/// ```
@MainActor
public final class InterruptController {
  /// What an interrupt did.
  public enum Response: Hashable, Sendable {
    /// The running load was cancelled; the viewer goes on.
    case cancelledLoad
    /// The viewer must quit with this status; the clean-ups have run.
    ///
    /// - Parameter status: The exit status, 130 (128 + `SIGINT`).
    case exit(status: Int32)
  }

  /// The exit status after an interrupt: 128 + `SIGINT`, as shells report it.
  public static let exitStatus: Int32 = 130

  /// The session whose load an interrupt cancels; held weakly.
  public weak var session: DocumentSession?
  /// How many loads interrupts have cancelled.
  public private(set) var cancelledLoadCount = 0
  /// Writes notes for the user, to standard error.
  public var writeNote: (String) -> Void

  private var cleanups: [Int: () -> Void] = [:]
  private var nextCleanup = 0

  /// Creates a controller.
  ///
  /// - Parameter writeNote: Writes notes for the user. Defaults to standard error.
  public init(writeNote: @escaping (String) -> Void = StandardStreams.writeToError) {
    self.writeNote = writeNote
  }

  /// Handles one interrupt.
  ///
  /// - Returns: ``Response/cancelledLoad`` when the first interrupt cancelled the session's
  ///   running load; otherwise ``Response/exit(status:)`` with 130, after running the
  ///   clean-ups.
  @discardableResult
  public func interrupt() -> Response {
    if cancelledLoadCount == 0, let session, session.stateMachine.hasActiveLoad {
      session.cancelLoading()
      cancelledLoadCount += 1
      writeNote("document-viewer: cancelled; press Ctrl-C again to quit.\n")
      return .cancelledLoad
    }
    let pending = cleanups.sorted { $0.key > $1.key }.map(\.value)
    cleanups.removeAll()
    for cleanup in pending { cleanup() }
    return .exit(status: Self.exitStatus)
  }

  /// Registers work to do before quitting on an interrupt, such as restoring the terminal.
  ///
  /// Clean-ups run newest first, at most once.
  ///
  /// - Parameter cleanup: The work.
  /// - Returns: A token for ``removeCleanup(_:)``.
  public func addCleanup(_ cleanup: @escaping () -> Void) -> Int {
    let token = nextCleanup
    nextCleanup += 1
    cleanups[token] = cleanup
    return token
  }

  /// Forgets a clean-up that is no longer needed.
  ///
  /// - Parameter token: The token ``addCleanup(_:)`` returned.
  public func removeCleanup(_ token: Int) {
    cleanups.removeValue(forKey: token)
  }
}
