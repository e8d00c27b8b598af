import FeedReaderCore
import Foundation
import StatefulContentTerminal

// Top-level code that awaits runs on the main actor, where the feed's model lives. Signals
// are handled on a queue of their own, so that Ctrl-C, SIGTERM and SIGHUP restore the
// terminal before quitting.
StandardStreams.keepClosedStandardDescriptorsClosed()
let interrupts = InterruptController()
let signals = SignalHandler.install(controller: interrupts)
let status = await FeedApp(interrupts: interrupts).run(Array(CommandLine.arguments.dropFirst()))
withExtendedLifetime(signals) {}
exit(status)
