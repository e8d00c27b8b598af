import FileSearchCore
import Foundation
import StatefulContentTerminal

// Top-level code that awaits runs on the main actor, where the search's model lives. The
// process's environment comes first, before anything opens a descriptor; its signal handlers
// run on a queue of their own, so Ctrl-C, SIGTERM and SIGHUP restore the terminal even while
// the main thread is blocked.
let environment = ToolEnvironment.process(
  toolName: "file-search", language: SearchStrings.current.language)
exit(await SearchApp(environment: environment).run(Array(CommandLine.arguments.dropFirst())))
