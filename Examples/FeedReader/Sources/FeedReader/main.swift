import FeedReaderCore
import Foundation
import StatefulContentTerminal

// Top-level code that awaits runs on the main actor, where the feed's model lives. Signals
// are handled on a queue of their own, so that Ctrl-C, SIGTERM and SIGHUP restore the
// terminal before quitting.
let environment = ToolEnvironment.process(
  toolName: "feed-reader", language: FeedStrings.current.language)
exit(await FeedApp(environment: environment).run(Array(CommandLine.arguments.dropFirst())))
