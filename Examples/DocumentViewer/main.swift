import DocumentViewerCore
import Foundation
import StatefulContentTerminal

// Top-level code that awaits runs on the main actor, where the viewer's sessions live. The
// process's environment comes first, before anything opens a descriptor: a closed standard
// output (`>&-`) stays closed; signals are handled on a queue of their own, so Ctrl-C, SIGTERM
// and SIGHUP work even while the main thread is blocked, and quitting removes the viewer's
// private folders and ends its tools; output nobody reads any more (`| head -1`) stops the
// viewer with status 141, output that cannot be written (`> /dev/full`) with one note and 1.
let environment = ToolEnvironment.process(
  toolName: "document-viewer", language: ViewerStrings.current.language)
let status = await ViewerApp(environment: environment)
  // The arguments' bytes: `CommandLine.arguments` would silently repair a name that is not UTF-8.
  .run(rawArguments: CommandLineArguments.processArguments())
// A load cancelled by Ctrl-C may still be running its clean-up: remove what it would have.
PrivateDirectory.removeAll()
// A signal that is ending the viewer made the run fail, maybe: its status wins.
exit(environment.interrupts.terminationStatus ?? status)
