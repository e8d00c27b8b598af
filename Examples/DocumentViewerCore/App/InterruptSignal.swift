import Dispatch
import Foundation

/// Delivers the process's `SIGINT`s to an ``InterruptController`` on the main queue.
///
/// `SIGINT`'s default action (ending the process at once) is replaced by a dispatch source,
/// so that the controller can cancel a load or restore the terminal first. Keep the returned
/// value alive for as long as interrupts should be handled.
///
/// The tools the viewer starts afterwards (pdftotext, qpdf) inherit the ignored `SIGINT`, so a
/// Ctrl-C typed at the terminal, which reaches the whole process group, does not kill them
/// behind the controller's back: a cancelled load ends its tool with `SIGTERM` instead.
///
/// ```swift
/// let signals = InterruptSignal.install(controller: interrupts)
/// ```
public final class InterruptSignal {
  private let source: any DispatchSourceSignal

  private init(source: any DispatchSourceSignal) {
    self.source = source
  }

  deinit {
    source.cancel()
  }

  /// Starts handling `SIGINT`.
  ///
  /// - Parameters:
  ///   - controller: Decides what each interrupt does.
  ///   - quit: Ends the process with a status. Defaults to `exit`.
  /// - Returns: The handler; interrupts are handled while it lives.
  @MainActor
  public static func install(
    controller: InterruptController,
    quit: @escaping @MainActor @Sendable (Int32) -> Void = {
      PrivateDirectory.removeAll()
      exit($0)
    }
  ) -> InterruptSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated {
        if case .exit(let status) = controller.interrupt() { quit(status) }
      }
    }
    source.resume()
    return InterruptSignal(source: source)
  }
}
