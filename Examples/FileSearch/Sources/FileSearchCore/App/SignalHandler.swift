import Dispatch
import Foundation
import StatefulContentTerminal

/// Handles signals on a queue of its own instead of letting them end the process.
///
/// Dispatch sources on a private serial queue — not the main queue, which may be blocked —
/// receive the signals, which are otherwise ignored. ``install(controller:quit:)`` routes
/// `SIGINT`, `SIGTERM` and `SIGHUP` to an ``InterruptController`` and quits when it says so;
/// `SIGTSTP` (Ctrl-Z) runs the controller's clean-ups (``InterruptController/suspend()``)
/// before the program stops as the signal's default action would, and `SIGCONT` (`fg`)
/// enters again what they left (``InterruptController/resume()``). `SIGPIPE` is ignored, so
/// that writing to a closed pipe fails instead of killing the program before its clean-ups.
/// Signals are handled while the handler lives.
///
/// ```swift
/// let signals = SignalHandler.install(controller: interrupts)
/// let resizes = SignalHandler(signals: [SIGWINCH]) { _ in Task { @MainActor in screen.redraw() } }
/// ```
public final class SignalHandler {
  private let sources: [any DispatchSourceSignal]

  /// Starts handling signals; returns once they are.
  ///
  /// Dispatch installs a source's handling asynchronously, and the signal is ignored from
  /// the start: a signal sent in between would be lost. So this waits until every source is
  /// registered.
  ///
  /// - Parameters:
  ///   - signals: The signals' numbers.
  ///   - handler: Called with a signal's number each time it arrives, on the handler's
  ///     queue.
  public init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    let queue = DispatchQueue(label: "file-search.signals")
    let registered = DispatchGroup()
    sources = signals.map { number in
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      return source
    }
    registered.wait()
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// The signals that interrupt or end the program: `SIGINT`, `SIGTERM` and `SIGHUP`.
  public static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The signals of job control: `SIGTSTP` (Ctrl-Z) and `SIGCONT` (`fg`, `bg`).
  public static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]

  /// Routes `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGTSTP` and `SIGCONT` to a controller, and
  /// ignores `SIGPIPE`.
  ///
  /// - Parameters:
  ///   - controller: Decides what each signal does.
  ///   - quit: Ends the process with a status. Defaults to ``quit(status:)``.
  /// - Returns: The handler; signals are handled while it lives.
  public static func install(
    controller: InterruptController,
    quit: @escaping @Sendable (Int32) -> Void = SignalHandler.quit(status:)
  ) -> SignalHandler {
    _ = signal(SIGPIPE, SIG_IGN)
    return SignalHandler(signals: endingSignals + jobControlSignals) { number in
      switch number {
      case SIGINT:
        if case .exit(let status) = controller.interrupt() { quit(status) }
      case SIGTSTP:
        controller.suspend()
        stopProcess()
      case SIGCONT:
        controller.resume()
      default:
        quit(controller.terminate(signal: number))
      }
    }
  }

  /// Stops the process as an unhandled `SIGTSTP` does, and returns once it goes on.
  ///
  /// The signal is raised again on this thread, with its default action and unblocked here
  /// (Dispatch's threads block it), then the handling comes back: Dispatch's own action and
  /// this thread's mask, as they were.
  private static func stopProcess() {
    var defaultAction = sigaction()
    defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    var handling = sigaction()
    sigaction(SIGTSTP, &defaultAction, &handling)
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &stop, &mask)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &mask, nil)
    sigaction(SIGTSTP, &handling, nil)
  }

  /// Quits the process at once, from any thread: ends the `espeak-ng` still speaking
  /// (`SystemProcessRunner.endAll(thenExit:)`) and exits without running `atexit` handlers,
  /// which could wait for the blocked main thread.
  ///
  /// - Parameter status: The exit status.
  public static func quit(status: Int32) {
    SystemProcessRunner.endAll { _exit(status) }
  }
}
