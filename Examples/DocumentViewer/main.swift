import DocumentViewerCore
import Foundation

// Top-level code that awaits runs on the main actor, where the viewer's sessions live. The
// main queue keeps running while it awaits, so SIGINT's dispatch source is served.
let interrupts = InterruptController()
let signals = InterruptSignal.install(controller: interrupts)
let status = await ViewerApp(interrupts: interrupts).run(Array(CommandLine.arguments.dropFirst()))
withExtendedLifetime(signals) {}
// A load cancelled by Ctrl-C may still be running its clean-up: remove what it would have.
PrivateDirectory.removeAll()
exit(status)
