import DocumentViewerCore
import Foundation

exit(ViewerApp().run(Array(CommandLine.arguments.dropFirst())))
