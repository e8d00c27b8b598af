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
      Self.prepareAction(for: number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { handler(number) }
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      return source
    }
    registered.wait()
    for number in signals { Self.rememberDispatchAction(for: number) }
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// On Linux, the action Dispatch installed for each signal when the process's first source
  /// of it registered: it hands a signal that reaches a thread to the source. Dispatch
  /// installs it once per process, so that whatever replaced it since — this type's own
  /// `SIG_IGN`, a test giving signals their default action back — would leave a later source
  /// deaf; each new handler puts it back.
  private static let dispatchActions = Locked<[Int32: sigaction]>([:])

  /// Keeps a signal from ending the process before its source is registered: Dispatch's action
  /// back where it was known, else the signal ignored (SIGWINCH is ignored by default already,
  /// and ignoring it again would replace the action of a source still registered).
  private static func prepareAction(for number: Int32) {
    #if os(Linux)
      if var action = dispatchActions.withLock({ $0[number] }) {
        sigaction(number, &action, nil)
        return
      }
    #endif
    if number != SIGWINCH { _ = signal(number, SIG_IGN) }
  }

  /// Remembers the action Dispatch installed for a signal once its source is registered.
  private static func rememberDispatchAction(for number: Int32) {
    #if os(Linux)
      var action = sigaction()
      sigaction(number, nil, &action)
      // SIG_DFL is 0 and SIG_IGN 1: neither is Dispatch's.
      guard unsafeBitCast(action.__sigaction_handler, to: UInt.self) > 1 else { return }
      dispatchActions.withLock { $0[number] = $0[number] ?? action }
    #endif
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
    of descriptor: Int32, _ resized: @escaping @Sendable (TerminalSize) -> Void
  ) -> SignalHandler {
    SignalHandler(signals: [SIGWINCH]) { _ in
      resized(TerminalSize(of: descriptor) ?? .fallback)
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

  /// Quits the process at once, from any thread: ends the tools still running, such as an
  /// `espeak-ng` still speaking (``SystemProcessRunner/endAll(thenExit:)``), then removes the
  /// tool's private directories (``PrivateDirectory/removeAll()``), which no tool writes into
  /// any more, and exits without running `atexit` handlers, which could wait for the blocked
  /// main thread. No tool starts and no private directory is made meanwhile.
  ///
  /// - Parameter status: The exit status.
  public static func quit(status: Int32) {
    SystemProcessRunner.endAll {
      PrivateDirectory.removeAll { _exit(status) }
    }
  }
}
