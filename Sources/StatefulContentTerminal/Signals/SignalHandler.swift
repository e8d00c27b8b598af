import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Handles signals on a queue of its own instead of letting them end the process.
///
/// Dispatch sources on a private serial queue — not the main queue, which may be blocked
/// writing to a full pipe — receive the signals, which are otherwise ignored while the handler
/// lives. ``install(controller:quit:)`` routes `SIGINT`, `SIGTERM` and `SIGHUP` to an
/// ``InterruptController`` and quits when it says so; `SIGTSTP` (Ctrl-Z) runs the controller's
/// clean-ups (``InterruptController/suspend()``) before the process stops as the signal's
/// default action would, and `SIGCONT` (`fg`) enters again what they left
/// (``InterruptController/resume()``). `SIGPIPE` is ignored, so that writing to a closed pipe
/// fails with `EPIPE` instead of killing the tool before its clean-ups.
/// ``resizes(of:_:)`` reports `SIGWINCH` with the terminal's new size.
///
/// ```swift
/// let signals = SignalHandler.install(controller: interrupts)
/// let resizes = SignalHandler.resizes(of: STDOUT_FILENO) { size in print(size.columns) }
/// ```
public final class SignalHandler {
  private let sources: [any DispatchSourceSignal]

  /// Starts handling signals; returns once they are.
  ///
  /// Dispatch registers a source's handling asynchronously, and the signal is ignored from the
  /// start (so that it does not end the process meanwhile): a signal sent in between would be
  /// lost. So this waits until every source is
  /// registered.
  ///
  /// - Parameters:
  ///   - signals: The signals' numbers.
  ///   - handler: Called with a signal's number each time it arrives, on the handler's queue;
  ///     kept while the handler lives.
  public init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
    let queue = DispatchQueue(label: "StatefulContentTerminal.signals")
    let registered = DispatchGroup()
    sources = signals.map { number in
      Self.prepareAction(of: number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      return source
    }
    registered.wait()
    Self.rememberActions(of: signals)
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// The signals that interrupt or end a tool: `SIGINT`, `SIGTERM` and `SIGHUP`.
  public static let endingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The signals of job control: `SIGTSTP` (Ctrl-Z) and `SIGCONT` (`fg`, `bg`).
  public static let jobControlSignals: [Int32] = [SIGTSTP, SIGCONT]

  /// Routes `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGTSTP` and `SIGCONT` to a controller, and ignores
  /// `SIGPIPE`.
  ///
  /// - Parameters:
  ///   - controller: Decides what each signal does.
  ///   - quit: Ends the process with a status, from the signals' queue. Defaults to
  ///     ``quit(status:)``.
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

  /// Reports the size of a terminal each time it changes (`SIGWINCH`).
  ///
  /// - Parameters:
  ///   - descriptor: The terminal whose size is read (`TIOCGWINSZ`), such as standard output.
  ///   - resized: Called with the new size on the handler's queue; kept while the handler
  ///     lives.
  /// - Returns: The handler; resizes are reported while it lives.
  public static func resizes(
    of descriptor: Int32, _ resized: @escaping @Sendable (TerminalSession.Size) -> Void
  ) -> SignalHandler {
    SignalHandler(signals: [SIGWINCH]) { _ in
      resized(TerminalSession.Size(of: descriptor) ?? .fallback)
    }
  }

  /// The action Dispatch installs for a signal, the first time a source of it is registered.
  private struct DispatchAction: @unchecked Sendable {
    /// The C library's description of the action: a value, copied; never shared.
    var action: sigaction
  }

  /// The actions Dispatch installed, by signal.
  ///
  /// Dispatch installs its action once per signal and keeps it, for every source of the
  /// signal then and later. An action set since — the signal ignored for a handler made
  /// anew, or its default action given back — would keep every source from hearing of it.
  private static let dispatchActions = Locked([Int32: DispatchAction]())

  /// Makes a signal reach the sources about to be registered: Dispatch's action again when it
  /// installed one before; else the signal ignored until it does, so that it does not end the
  /// process meanwhile.
  private static func prepareAction(of number: Int32) {
    if var saved = dispatchActions.withLock({ $0[number] }) {
      sigaction(number, &saved.action, nil)
    } else if number != SIGWINCH {
      // SIGWINCH is ignored by default already.
      _ = signal(number, SIG_IGN)
    }
  }

  /// Notes the actions Dispatch installed for signals whose sources are registered now.
  private static func rememberActions(of signals: [Int32]) {
    dispatchActions.withLock { actions in
      for number in signals where actions[number] == nil {
        var action = sigaction()
        sigaction(number, nil, &action)
        actions[number] = DispatchAction(action: action)
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
    #if canImport(Glibc)
      defaultAction.__sigaction_handler.sa_handler = SIG_DFL
    #else
      defaultAction.__sigaction_u.__sa_handler = SIG_DFL
    #endif
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
