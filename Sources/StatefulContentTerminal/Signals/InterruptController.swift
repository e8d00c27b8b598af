#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decides what a signal that interrupts or ends a tool does: cancel the running work once,
/// otherwise quit after the clean-ups.
///
/// The first interrupt (Ctrl-C, `SIGINT`) while work runs cancels that work, and the tool goes
/// on. A second interrupt, or one while nothing runs or while output is being written (a write
/// may wait for a full pipe's reader), quits with status 130. `SIGTERM` and `SIGHUP` always quit,
/// with 128 + the signal's number. Before quitting, the registered clean-ups run — restoring
/// the terminal's settings, leaving the alternate screen — newest first. Ctrl-Z (`SIGTSTP`) runs
/// them too but keeps them, and `fg` (`SIGCONT`) enters again what they left (``suspend()``,
/// ``resume()``): the shell gets its terminal back while the tool is stopped, the tool its
/// raw mode when it goes on.
///
/// The controller is `Sendable` and decides under a lock: ``SignalHandler`` calls it from a
/// queue of its own, so that a signal is handled even while the main thread is blocked. Tests
/// call ``interrupt()``, ``terminate(signal:)``, ``suspend()`` and ``resume()`` instead of
/// sending signals.
///
/// ```swift
/// let interrupts = InterruptController()
/// let token = interrupts.cancelOnInterrupt { Task { @MainActor in model.cancel() } }
/// interrupts.interrupt()   // .cancelled: the closure ran
/// interrupts.interrupt()   // .exit(status: 130): the clean-ups ran
/// interrupts.stopCancelling(token)
/// ```
public final class InterruptController: Sendable {
  /// What an interrupt did.
  public enum Response: Hashable, Sendable {
    /// The running work is being cancelled; the tool goes on.
    case cancelled
    /// The tool must quit with this status; the clean-ups have run.
    ///
    /// - Parameter status: The exit status, 130 (128 + `SIGINT`).
    case exit(status: Int32)
  }

  /// The exit status after an interrupt: 128 + `SIGINT`, as shells report it.
  public static let interruptStatus: Int32 = 128 + SIGINT

  /// The exit status after standard output could not be written (`> /dev/full`, a closed
  /// standard output): 1.
  public static let writeErrorStatus: Int32 = 1

  private struct State {
    var cancel: (token: Int, body: @Sendable () -> Void)?
    var cancelledCount = 0
    var writesInProgress = 0
    var cleanups: [Int: @Sendable () -> Void] = [:]
    var reentries: [Int: @Sendable () -> Void] = [:]
    var terminationStatus: Int32?
    var nextToken = 0

    mutating func token() -> Int {
      defer { nextToken += 1 }
      return nextToken
    }
  }

  private let state = Locked(State())

  /// Creates a controller with nothing to cancel and no clean-ups.
  public init() {}

  /// How many times an interrupt cancelled work.
  public var cancelledCount: Int { state.withLock { $0.cancelledCount } }

  /// The status a signal is ending the tool with, once ``terminate(signal:)`` (or
  /// ``endAfterWriteError(report:)``) was called; `nil` before.
  ///
  /// A main thread whose work the quitting made fail exits with it rather than with its own.
  public var terminationStatus: Int32? { state.withLock { $0.terminationStatus } }

  /// Makes the next interrupt run `cancel` instead of quitting, until ``stopCancelling(_:)`` or
  /// an interrupt uses it; it replaces the closure given before.
  ///
  /// - Parameter cancel: Cancels the running work; called on the signal's queue.
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

  /// Writes output so that an interrupt meanwhile quits, even while work runs.
  ///
  /// A write blocks while nobody reads a full pipe; the work's result cannot be shown until it
  /// returns, so cancelling the work would change nothing the person sees.
  ///
  /// - Parameter write: Writes the output.
  /// - Returns: What `write` returns.
  public func quitOnInterrupt<Result>(whileWriting write: () -> Result) -> Result {
    state.withLock { $0.writesInProgress += 1 }
    defer { state.withLock { $0.writesInProgress -= 1 } }
    return write()
  }

  /// Handles one interrupt (`SIGINT`); safe to call from any thread.
  ///
  /// - Returns: ``Response/cancelled`` when work was cancelled; otherwise
  ///   ``Response/exit(status:)`` with 130, after running the clean-ups.
  @discardableResult
  public func interrupt() -> Response {
    let cancel = state.withLock { state -> (@Sendable () -> Void)? in
      guard state.writesInProgress == 0, let cancel = state.cancel?.body else { return nil }
      state.cancel = nil
      state.cancelledCount += 1
      return cancel
    }
    guard let cancel else { return .exit(status: terminate(signal: SIGINT)) }
    cancel()
    return .cancelled
  }

  /// Runs the clean-ups before quitting because of a signal, such as `SIGTERM`, `SIGHUP` or
  /// `SIGPIPE`; safe to call from any thread.
  ///
  /// - Parameter signal: The signal's number.
  /// - Returns: The exit status to quit with: 128 + `signal`, or the status of whatever began
  ///   quitting before.
  @discardableResult
  public func terminate(signal: Int32) -> Int32 {
    terminate(status: 128 + signal).status
  }

  /// Runs the clean-ups before quitting because standard output cannot be written, then
  /// reports it; safe to call from any thread.
  ///
  /// Only the call that begins quitting reports, after the clean-ups (the shell's screen and
  /// settings are back): the person reads the error once, where it stays.
  ///
  /// - Parameter report: Says why, such as on standard error.
  /// - Returns: The exit status to quit with: ``writeErrorStatus``, or the status of the signal
  ///   that began quitting before.
  @discardableResult
  public func endAfterWriteError(report: () -> Void) -> Int32 {
    let (status, isFirst) = terminate(status: Self.writeErrorStatus)
    if isFirst { report() }
    return status
  }

  /// Records the status to quit with, unless quitting began before, and runs the clean-ups.
  private func terminate(status: Int32) -> (status: Int32, isFirst: Bool) {
    let (recorded, isFirst, pending) = state.withLock { state in
      defer { state.cleanups.removeAll() }
      let isFirst = state.terminationStatus == nil
      let recorded = state.terminationStatus ?? status
      state.terminationStatus = recorded
      return (recorded, isFirst, state.cleanups.sorted { $0.key > $1.key }.map(\.value))
    }
    for cleanup in pending { cleanup() }
    return (recorded, isFirst)
  }

  /// Registers work to do before quitting on a signal, such as restoring the terminal, and
  /// the work that enters again what it left when the tool goes on after a stop.
  ///
  /// Clean-ups run newest first, at most once, on the thread that handles the signal. A stop
  /// (``suspend()``) runs them too and keeps them; ``resume()`` then runs each `reenter`,
  /// oldest first. Both closures are kept until ``removeCleanup(_:)`` or a quit.
  ///
  /// - Parameters:
  ///   - cleanup: The work, such as restoring the terminal's settings and screen.
  ///   - reenter: Undoes `cleanup` when the tool goes on after a stop, such as entering raw
  ///     mode again and redrawing. Defaults to nothing.
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

  /// Runs the clean-ups before the tool stops (`SIGTSTP`, Ctrl-Z), newest first, and keeps
  /// them; safe to call from any thread.
  ///
  /// They run under the controller's lock, so that a clean-up being removed meanwhile waits
  /// until they are done and has the last word. A clean-up must not call the controller.
  public func suspend() {
    state.withLock { state in
      for (_, cleanup) in state.cleanups.sorted(by: { $0.key > $1.key }) { cleanup() }
    }
  }

  /// Enters again, oldest first, what ``suspend()`` left, when the tool goes on after a stop
  /// (`SIGCONT`, `fg`); safe to call from any thread.
  ///
  /// They run under the controller's lock, as the clean-ups of ``suspend()`` do.
  public func resume() {
    state.withLock { state in
      for (_, reenter) in state.reentries.sorted(by: { $0.key < $1.key }) { reenter() }
    }
  }
}
