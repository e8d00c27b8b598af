import DocumentViewerCore
import Foundation

// Top-level code that awaits runs on the main actor, where the viewer's sessions live. The
// main queue keeps running while it awaits, so SIGINT's dispatch source is served.
let interrupts = InterruptController()
let signals = InterruptSignal.install(controller: interrupts)
// The arguments' bytes: `CommandLine.arguments` would silently repair a name that is not UTF-8.
let rawArguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
  guard let argument = CommandLine.unsafeArgv[index] else { return [] }
  return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map(UInt8.init)
}
let status = await ViewerApp(interrupts: interrupts).run(rawArguments: rawArguments)
withExtendedLifetime(signals) {}
// A load cancelled by Ctrl-C may still be running its clean-up: remove what it would have.
PrivateDirectory.removeAll()
exit(status)
