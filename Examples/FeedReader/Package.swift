// swift-tools-version: 6.0
import PackageDescription

// The third example, a package of its own like FileSearch: it depends on the checkout two
// folders up by path (named, since a path dependency is named after its folder) and uses only
// the library's public API, on the terminal product.
let package = Package(
  name: "FeedReader",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [.executable(name: "feed-reader", targets: ["FeedReader"])],
  dependencies: [.package(name: "StatefulContent", path: "../..")],
  targets: [
    .target(
      name: "FeedReaderCore",
      dependencies: [
        .product(name: "StatefulContent", package: "StatefulContent"),
        .product(name: "StatefulContentTerminal", package: "StatefulContent"),
      ]),
    .executableTarget(name: "FeedReader", dependencies: ["FeedReaderCore"]),
    .testTarget(
      name: "FeedReaderTests",
      dependencies: [
        "FeedReaderCore",
        // Built with the tests, which run it as a real process against a local server.
        "FeedReader",
        .product(name: "StatefulContentTerminal", package: "StatefulContent"),
        .product(name: "StatefulContentTesting", package: "StatefulContent"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
