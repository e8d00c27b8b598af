import FeedReaderCore
import Foundation
import StatefulContentTerminal

// Top-level code that awaits runs on the main actor, where the feed's model lives. Signals
// are handled on a queue of their own, so that Ctrl-C, SIGTERM and SIGHUP restore the
// terminal before quitting.
StandardStreams.keepClosedStandardDescriptorsClosed()
let interrupts = InterruptController()
let signals = SignalHandler.install(controller: interrupts)
// Nobody reads standard output any more (`| head -1`): stop at once, with status 141. It cannot
// be written at all (`> /dev/full`, `>&-`): say so once and stop, with status 1.
let writeOutput = interrupts.outputWriter(
  toolName: "feed-reader", language: FeedStrings.current.language)
let status = await FeedApp(writeOutput: writeOutput, interrupts: interrupts)
  .run(Array(CommandLine.arguments.dropFirst()))
withExtendedLifetime(signals) {}
exit(status)
