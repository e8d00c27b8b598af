import Dispatch
import Foundation

/// Handles signals on a queue of its own instead of letting them end the process.
///
/// Dispatch sources on a private serial queue — not the main queue, which may be blocked —
/// receive the signals, which are otherwise ignored. ``install(controller:quit:)`` routes
/// `SIGINT`, `SIGTERM` and `SIGHUP` to an ``InterruptController`` and quits when it says so;
/// `SIGPIPE` is ignored, so that writing to a closed pipe fails instead of killing the
/// program before its clean-ups. Signals are handled while the handler lives.
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

  /// Routes `SIGINT`, `SIGTERM` and `SIGHUP` to a controller, and ignores `SIGPIPE`.
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
    return SignalHandler(signals: endingSignals) { number in
      if number == SIGINT {
        if case .exit(let status) = controller.interrupt() { quit(status) }
      } else {
        quit(controller.terminate(signal: number))
      }
    }
  }

  /// Quits the process at once, from any thread, without running `atexit` handlers, which
  /// could wait for the blocked main thread.
  ///
  /// - Parameter status: The exit status.
  public static func quit(status: Int32) {
    _exit(status)
  }
}
