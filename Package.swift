// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "StatefulContent",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "StatefulContent", targets: ["StatefulContent"]),
    .library(name: "StatefulContentTesting", targets: ["StatefulContentTesting"]),
    .library(name: "StatefulContentTerminal", targets: ["StatefulContentTerminal"]),
    .executable(name: "document-viewer", targets: ["DocumentViewer"]),
    .executable(name: "stateful-bench", targets: ["StatefulBench"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "StatefulContent"),
    .target(name: "StatefulContentTesting", dependencies: ["StatefulContent"]),
    // Presents a machine's states in a terminal; the C library is its only other dependency.
    .target(name: "StatefulContentTerminal", dependencies: ["StatefulContent"]),
    .target(
      name: "DocumentViewerCore", dependencies: ["StatefulContent", "StatefulContentTerminal"],
      path: "Examples/DocumentViewerCore"),
    .executableTarget(
      name: "DocumentViewer",
      dependencies: ["DocumentViewerCore", "StatefulContentTerminal"],
      path: "Examples/DocumentViewer"
    ),
    // The document viewer's first screen against `head`, measured by stateful-bench's row g; a
    // library of its own so that its tests import it without `@testable`.
    .target(
      name: "DocumentViewerBench",
      dependencies: ["DocumentViewerCore", "StatefulContent", "StatefulContentTerminal"],
      path: "Benchmarks/DocumentViewerBench"),
    .executableTarget(
      name: "StatefulBench", dependencies: ["StatefulContent", "DocumentViewerBench"],
      path: "Benchmarks/StatefulBench"),
    .testTarget(
      name: "StatefulContentTests",
      dependencies: ["StatefulContent", "StatefulContentTesting"]
    ),
    .testTarget(
      name: "StatefulContentTerminalTests",
      dependencies: ["StatefulContentTerminal", "StatefulContentTesting"]
    ),
    .testTarget(
      name: "DocumentViewerTests",
      dependencies: [
        "DocumentViewerCore", "DocumentViewerBench", "StatefulContentTerminal",
        "StatefulContentTesting",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
