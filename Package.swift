// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "StatefulContent",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "StatefulContent", targets: ["StatefulContent"]),
    .library(name: "StatefulContentTesting", targets: ["StatefulContentTesting"]),
    .executable(name: "document-viewer", targets: ["DocumentViewer"]),
    .executable(name: "stateful-bench", targets: ["StatefulBench"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "StatefulContent"),
    .target(name: "StatefulContentTesting", dependencies: ["StatefulContent"]),
    .target(
      name: "DocumentViewerCore", dependencies: ["StatefulContent"],
      path: "Examples/DocumentViewerCore"),
    .executableTarget(
      name: "DocumentViewer",
      dependencies: ["DocumentViewerCore"],
      path: "Examples/DocumentViewer"
    ),
    .executableTarget(
      name: "StatefulBench", dependencies: ["StatefulContent"], path: "Benchmarks"),
    .testTarget(
      name: "StatefulContentTests",
      dependencies: ["StatefulContent", "StatefulContentTesting"]
    ),
    .testTarget(
      name: "DocumentViewerTests",
      dependencies: ["DocumentViewerCore", "StatefulContentTesting"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
