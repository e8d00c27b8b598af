import Foundation

/// Decides what a signal that interrupts or ends `file-search` does: cancel the running
/// search once, otherwise quit after the clean-ups.
///
/// The first interrupt (Ctrl-C, `SIGINT`) while a search runs cancels it; the program goes
/// on. A second interrupt, or one while nothing runs, quits with status 130. `SIGTERM` and
/// `SIGHUP` always quit, with 128 + the signal's number; standard output that cannot be
/// written quits with 1 (``endAfterWriteError(report:)``). Before quitting, the registered
/// clean-ups run — such as restoring the terminal's settings — newest first. Ctrl-Z (`SIGTSTP`)
/// runs them too but keeps them, and `fg` (`SIGCONT`) undoes them (``suspend()``,
/// ``resume()``): the shell gets its screen and settings back while the program is stopped,
/// the program its raw mode and alternate screen when it goes on.
///
/// The controller is `Sendable` and decides under a lock: ``SignalHandler`` calls it from a
/// queue of its own, so that a signal is handled even while the main thread is blocked
/// (writing to a terminal nobody reads). Tests call ``interrupt()`` and ``terminate(signal:)``
/// instead of sending signals.
///
/// ```swift
/// let token = interrupts.cancelOnInterrupt { Task { @MainActor in model.cancel() } }
/// interrupts.interrupt()   // .cancelledSearch: the closure ran
/// interrupts.interrupt()   // .exit(status: 130): the clean-ups ran
/// interrupts.stopCancelling(token)
/// ```
public final class InterruptController: Sendable {
  /// What an interrupt did.
  public enum Response: Hashable, Sendable {
    /// The running search is being cancelled; the program goes on.
    case cancelledSearch
    /// The program must quit with this status; the clean-ups have run.
    ///
    /// - Parameter status: The exit status, 130 (128 + `SIGINT`).
    case exit(status: Int32)
  }

  private struct State {
    var cancel: (token: Int, body: @Sendable () -> Void)?
    var cleanups: [Int: @Sendable () -> Void] = [:]
    var reentries: [Int: @Sendable () -> Void] = [:]
    var isQuitting = false
    var nextToken = 0

    mutating func token() -> Int {
      defer { nextToken += 1 }
      return nextToken
    }
  }

  private let state = Locked(State())

  /// The exit status after standard output could not be written (`> /dev/full`, a closed
  /// standard output): 1.
  public static let writeErrorStatus: Int32 = 1

  /// Creates a controller with nothing to cancel and no clean-ups.
  public init() {}

  /// Makes the next interrupt run `cancel` instead of quitting, until ``stopCancelling(_:)``
  /// or an interrupt uses it; it replaces the closure given before.
  ///
  /// - Parameter cancel: Cancels the running search; called on the signal's queue.
  /// - Returns: A token for ``stopCancelling(_:)``.
  public func cancelOnInterrupt(_ cancel: @escaping @Sendable () -> Void) -> Int {
    state.withLock { state in
      let token = state.token()
      state.cancel = (token, cancel)
      return token
    }
  }

  /// Forgets the closure given with `token`, when it is still the one an interrupt would run.
  ///
  /// - Parameter token: What ``cancelOnInterrupt(_:)`` returned.
  public func stopCancelling(_ token: Int) {
    state.withLock { state in
      if state.cancel?.token == token { state.cancel = nil }
    }
  }

  /// Handles one interrupt (`SIGINT`); safe to call from any thread.
  ///
  /// - Returns: ``Response/cancelledSearch`` when a search was cancelled; otherwise
  ///   ``Response/exit(status:)`` with 130, after running the clean-ups.
  @discardableResult
  public func interrupt() -> Response {
    let cancel = state.withLock { state -> (@Sendable () -> Void)? in
      defer { state.cancel = nil }
      return state.cancel?.body
    }
    guard let cancel else { return .exit(status: terminate(signal: SIGINT)) }
    cancel()
    return .cancelledSearch
  }

  /// Runs the clean-ups before quitting because of a signal; safe to call from any thread.
  ///
  /// - Parameter signal: The signal's number.
  /// - Returns: The exit status to quit with: 128 + `signal`.
  @discardableResult
  public func terminate(signal: Int32) -> Int32 {
    runCleanups()
    return 128 + signal
  }

  /// Runs the clean-ups before quitting because standard output cannot be written, then
  /// reports it; safe to call from any thread.
  ///
  /// Only a call made before anything else began quitting reports, after the clean-ups (the
  /// shell's screen and settings are back): the person reads the error once, where it stays.
  ///
  /// - Parameter report: Says why, on standard error.
  /// - Returns: The exit status to quit with: ``writeErrorStatus``.
  @discardableResult
  public func endAfterWriteError(report: () -> Void) -> Int32 {
    if runCleanups() { report() }
    return Self.writeErrorStatus
  }

  /// Runs the clean-ups, which quitting begins with.
  ///
  /// - Returns: Whether this call began quitting.
  @discardableResult
  private func runCleanups() -> Bool {
    let (isFirst, pending) = state.withLock { state in
      defer {
        state.cleanups.removeAll()
        state.isQuitting = true
      }
      return (!state.isQuitting, state.cleanups.sorted { $0.key > $1.key }.map(\.value))
    }
    for cleanup in pending { cleanup() }
    return isFirst
  }

  /// Registers work to do before quitting on a signal, such as restoring the terminal, and
  /// the work that enters the mode it leaves again when the program goes on after a stop.
  ///
  /// Clean-ups run newest first, at most once, on the thread that handles the signal. A
  /// stop (``suspend()``) runs them too and keeps them; ``resume()`` then runs each
  /// `reenter`, oldest first.
  ///
  /// - Parameters:
  ///   - cleanup: The work, such as restoring the terminal's settings and screen.
  ///   - reenter: Undoes `cleanup` when the program goes on after a stop, such as entering raw
  ///     mode and the alternate screen again and redrawing. Defaults to nothing.
  /// - Returns: A token for ``removeCleanup(_:)``.
  public func addCleanup(
    _ cleanup: @escaping @Sendable () -> Void, reenter: (@Sendable () -> Void)? = nil
  ) -> Int {
    state.withLock { state in
      let token = state.token()
      state.cleanups[token] = cleanup
      state.reentries[token] = reenter
      return token
    }
  }

  /// Forgets a clean-up that is no longer needed, and its `reenter`.
  ///
  /// - Parameter token: The token ``addCleanup(_:reenter:)`` returned.
  public func removeCleanup(_ token: Int) {
    state.withLock { state in
      state.cleanups[token] = nil
      state.reentries[token] = nil
    }
  }

  /// Runs the clean-ups before the program stops (`SIGTSTP`, Ctrl-Z), newest first, and keeps
  /// them; safe to call from any thread.
  ///
  /// They run under the controller's lock, so that a clean-up being removed meanwhile (the
  /// interactive mode ends) waits until they are done and has the last word.
  public func suspend() {
    state.withLock { state in
      for (_, cleanup) in state.cleanups.sorted(by: { $0.key > $1.key }) { cleanup() }
    }
  }

  /// Enters again, oldest first, what ``suspend()`` left, when the program goes on after a
  /// stop (`SIGCONT`, `fg`); safe to call from any thread.
  ///
  /// They run under the controller's lock, as the clean-ups of ``suspend()`` do.
  public func resume() {
    state.withLock { state in
      for (_, reenter) in state.reentries.sorted(by: { $0.key < $1.key }) { reenter() }
    }
  }
}
