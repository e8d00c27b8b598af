import FileSearchCore
import Foundation

// Top-level code that awaits runs on the main actor, where the search's model lives. Signals
// are handled on a queue of their own, so that Ctrl-C, SIGTERM and SIGHUP work even while the
// main thread is blocked, and restore the terminal before quitting.
let interrupts = InterruptController()
let signals = SignalHandler.install(controller: interrupts)
// Nobody reads standard output any more (`| head -1`): stop at once, with status 141.
let writeOutput: @Sendable (String) -> Void = { text in
  if StandardStreams.write(text, to: STDOUT_FILENO) == EPIPE {
    SignalHandler.quit(status: interrupts.terminate(signal: SIGPIPE))
  }
}
let status = await SearchApp(writeOutput: writeOutput, interrupts: interrupts)
  .run(Array(CommandLine.arguments.dropFirst()))
withExtendedLifetime(signals) {}
exit(status)
