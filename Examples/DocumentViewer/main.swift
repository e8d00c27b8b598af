import DocumentViewerCore
import Foundation
import StatefulContentTerminal

// First, before anything opens a descriptor: a closed standard output (`>&-`) stays closed.
StandardStreams.keepClosedStandardDescriptorsClosed()
// Top-level code that awaits runs on the main actor, where the viewer's sessions live. Signals
// are handled on a queue of their own, so that Ctrl-C, SIGTERM and SIGHUP work even while the
// main thread is blocked; quitting (`SignalHandler.quit(status:)`) removes the viewer's private
// folders and ends its tools.
let interrupts = InterruptController()
let signals = SignalHandler.install(controller: interrupts)
// Ctrl-C while a write waits for a full pipe's reader quits. Nobody reads standard output any
// more (`| head -1`): stop at once, with status 141. It cannot be written at all (`> /dev/full`,
// `>&-`): say so once and stop, with status 1.
let writeOutput = interrupts.outputWriter(
  toolName: "document-viewer", language: ViewerStrings.current.language)
let status = await ViewerApp(writeOutput: writeOutput, interrupts: interrupts)
  // The arguments' bytes: `CommandLine.arguments` would silently repair a name that is not UTF-8.
  .run(rawArguments: CommandLineArguments.processArguments())
withExtendedLifetime(signals) {}
// A load cancelled by Ctrl-C may still be running its clean-up: remove what it would have.
PrivateDirectory.removeAll()
// A signal that is ending the viewer made the run fail, maybe: its status wins.
exit(interrupts.terminationStatus ?? status)
