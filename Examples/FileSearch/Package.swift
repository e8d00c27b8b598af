// swift-tools-version: 6.0
import PackageDescription

// The library's first adopter outside its package: it depends on the checkout two folders up
// and uses only its public API. A path dependency is named after its folder, which differs
// from checkout to checkout (a clone, a worktree), so `name:` gives it the library's name.
let package = Package(
  name: "FileSearch",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .executable(name: "file-search", targets: ["FileSearch"]),
    .executable(name: "file-search-bench", targets: ["FileSearchBench"]),
  ],
  dependencies: [.package(name: "StatefulContent", path: "../..")],
  targets: [
    .target(
      name: "FileSearchCore",
      dependencies: [
        .product(name: "StatefulContent", package: "StatefulContent"),
        .product(name: "StatefulContentTerminal", package: "StatefulContent"),
      ]),
    .executableTarget(name: "FileSearch", dependencies: ["FileSearchCore"]),
    .executableTarget(
      name: "FileSearchBench",
      dependencies: [
        "FileSearchCore", .product(name: "StatefulContent", package: "StatefulContent"),
        .product(name: "StatefulContentTerminal", package: "StatefulContent"),
      ]),
    .testTarget(
      name: "FileSearchTests",
      dependencies: [
        "FileSearchCore",
        // Built with the tests, which run it as a real process.
        "FileSearch",
        .product(name: "StatefulContentTerminal", package: "StatefulContent"),
        .product(name: "StatefulContentTesting", package: "StatefulContent"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
