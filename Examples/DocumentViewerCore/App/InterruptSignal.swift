import Dispatch
import Foundation
import StatefulContentTerminal

/// Delivers the signals that interrupt or end the viewer to an ``InterruptController``, on a
/// queue of their own.
///
/// `SIGINT` (Ctrl-C), `SIGTERM` and `SIGHUP` no longer end the process at once: dispatch
/// sources on a private serial queue — not the main queue, which may be blocked writing to a
/// full pipe or opening a FIFO — let the controller cancel a load, or run the clean-ups
/// (restore the terminal) before ``quit(status:)`` removes the viewer's temporary folders, ends
/// the tools it started and exits. `SIGPIPE` is ignored, so that writing to a pipe nobody
/// reads fails with `EPIPE` (see ``StandardStreams/write(_:to:)``) instead of killing the
/// viewer before its clean-ups; the viewer then ends with ``endAfterBrokenPipe()``, status 141.
///
/// `SIGTSTP` (Ctrl-Z) runs the clean-ups without quitting (``InterruptController/suspend()``)
/// and then stops the viewer as the signal's default action would; `SIGCONT` (`fg`) enters
/// again what they left (``InterruptController/resume()``), such as the password prompt's
/// no-echo mode, which the shell turned off meanwhile.
///
/// The tools the viewer starts (pdftotext, qpdf, espeak-ng) run in process groups of their
/// own, so a Ctrl-C typed at the terminal, which reaches the terminal's foreground group, does
/// not kill them behind the controller's back: a cancelled load or a quitting viewer ends
/// them itself.
///
/// ```swift
/// let signals = InterruptSignal.install(controller: interrupts)
/// ```
public final class InterruptSignal {
  private let sources: [any DispatchSourceSignal]
  private let controller: InterruptController
  private let quit: @Sendable (Int32) -> Void

  private init(
    sources: [any DispatchSourceSignal], controller: InterruptController,
    quit: @escaping @Sendable (Int32) -> Void
  ) {
    self.sources = sources
    self.controller = controller
    self.quit = quit
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// The signals handled: `SIGINT`, `SIGTERM`, `SIGHUP`, `SIGTSTP` and `SIGCONT`.
  public static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

  /// Starts handling the signals, and ignoring `SIGPIPE`; returns once they are handled.
  ///
  /// Each signal is ignored from the start, and Dispatch registers a source's handling
  /// asynchronously, on a thread of its own: a signal sent in between would be ignored and
  /// lost. So this waits until every source is registered.
  ///
  /// - Parameters:
  ///   - controller: Decides what each signal does.
  ///   - quit: Ends the process with a status. Defaults to ``quit(status:)``.
  /// - Returns: The handler; signals are handled while it lives.
  public static func install(
    controller: InterruptController,
    quit: @escaping @Sendable (Int32) -> Void = InterruptSignal.quit(status:)
  ) -> InterruptSignal {
    _ = signal(SIGPIPE, SIG_IGN)
    let queue = DispatchQueue(label: "document-viewer.signals")
    let registered = DispatchGroup()
    let sources = handledSignals.map { number in
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
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
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      return source
    }
    registered.wait()
    return InterruptSignal(sources: sources, controller: controller, quit: quit)
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

  /// Ends the viewer because standard output's reader is gone: runs the clean-ups and quits
  /// with status 141 (128 + `SIGPIPE`), as a tool killed by `SIGPIPE` would be reported.
  public func endAfterBrokenPipe() {
    quit(controller.terminate(signal: SIGPIPE))
  }

  /// Ends the viewer because standard output cannot be written (`> /dev/full`, a closed
  /// standard output): runs the clean-ups, says why once on standard error and quits with
  /// status 1 (``InterruptController/writeErrorStatus``).
  ///
  /// - Parameter code: The `errno` value of the failed write.
  public func endAfterWriteError(code: Int32) {
    quit(controller.endAfterWriteError(code: code))
  }

  /// Quits the process at once, from any thread: removes the private folders (the tour's
  /// samples), ends the PDF tools still running, and exits with `status` without running
  /// `atexit` handlers, which could wait for the blocked main thread.
  ///
  /// - Parameter status: The exit status.
  public static func quit(status: Int32) {
    PrivateDirectory.removeAll()
    SystemProcessRunner.endAll { _exit(status) }
  }
}
