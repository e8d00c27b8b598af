import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of README.md, copied exactly and run (`DocExampleCoverageTests` checks the
// copies). The names a block uses without declaring them are declared here.

enum ReadmeExample {
  struct Message: Sendable, Equatable {
    var subject: String
  }

  actor MailService {
    static let shared = MailService()
    var inbox = [Message(subject: "Hello")]

    func messages(progress: @Sendable (Double) -> Void) async throws -> [Message] {
      progress(0.5)
      progress(1)
      return inbox
    }
  }

  /// The "Install" block, a package manifest: run through `swift package dump-package`.
  static let manifest = """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "MyApp",
      platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
      dependencies: [
        .package(url: "https://example.com/StatefulContent.git", from: "0.1.0")
      ],
      targets: [
        .executableTarget(
          name: "MyApp",
          dependencies: [.product(name: "StatefulContent", package: "StatefulContent")]),
        .testTarget(
          name: "MyAppTests",
          dependencies: [
            "MyApp", .product(name: "StatefulContentTesting", package: "StatefulContent"),
          ]),
      ]
    )
    """

  @MainActor
  final class Inbox: @MainActor StatefulContent {  // an isolated conformance (Swift 6.2)
    let stateMachine: ContentStateMachine
    var content: [Message] = []  // a Collection: hasContent is !content.isEmpty

    init(presenter: some Presenter) {
      stateMachine = ContentStateMachine(presenter: presenter)
      // The loading policy is .smooth by default: 150 ms show delay, 400 ms minimum display.
      try? stateMachine.setPlaceholder(
        StandardPlaceholder(title: "No Messages", symbolName: "tray"), for: .empty)
    }

    // The model's load: the screen calls it when it appears, and `reload()` — Retry, pull to
    // refresh, unlock — asks for it again; the machine keeps no operation, so capturing `self`
    // is fine. (`@MainActor` here because the class's declaration names the conformance.)
    @MainActor func loadContent() async {
      // Latest wins: a newer load cancels this one; cancelling restores the previous state.
      // `.standard` retries 3 times, after 1, 2 and 4 seconds, before showing the error; with
      // messages on screen, a failure goes to handleErrorWhenContentsAvailable at once.
      await load(into: \.content, retry: .standard) { context in
        try await MailService.shared.messages(progress: context.reportProgress)
      }
    }

    // Optional hooks, with defaults:
    func handleErrorWhenContentsAvailable(_ error: any Error) { showBanner(error) }
    func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
      -> any Placeholder
    {
      var placeholder = placeholder as? StandardPlaceholder ?? .error
      placeholder.message = "Could not load your mail: \(error)"
      return placeholder
    }
  }

  final class PrintingPresenter: SynchronousPresenter {
    func present(_ presentation: Presentation, animated: Bool) {
      print(presentation.state, presentation.placeholder.map { "\($0)" } ?? "")
    }
  }
}

extension ReadmeExample.Inbox {
  func showBanner(_ error: any Error) { ReadmeExample.banners.append("\(error)") }
}

extension ReadmeExample {
  /// The banners `Inbox.showBanner(_:)` showed.
  @MainActor static var banners: [String] = []
}

final class ReadmeExampleTests: XCTestCase {
  @MainActor
  func test_adoptionExample_loadsTheInbox() async throws {
    let presenter = RecordingPresenter()
    let inbox = ReadmeExample.Inbox(presenter: presenter)
    await inbox.loadContent()
    XCTAssertEqual(inbox.content, [ReadmeExample.Message(subject: "Hello")])
    let reloaded = await inbox.reload()  // the error placeholder's Retry, pull to refresh
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(inbox.currentState, .content)
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    let error = inbox.configureErrorPlaceholder(StandardPlaceholder.error, error: TestError("x"))
    XCTAssertEqual((error as? StandardPlaceholder)?.message, "Could not load your mail: x")
    // Latest wins from two tasks on the main actor.
    async let first: Void = inbox.loadContent()
    async let second: Void = inbox.loadContent()
    _ = await (first, second)
    XCTAssertEqual(inbox.content, [ReadmeExample.Message(subject: "Hello")])
  }

  @MainActor
  func test_adoptionExample_reportsAnErrorWithContentAsABanner() async {
    ReadmeExample.banners = []
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let inbox = ReadmeExample.Inbox(presenter: keptPresenter)
    inbox.content = [ReadmeExample.Message(subject: "Kept")]
    inbox.startLoading()
    inbox.endLoading(error: TestError("offline"))
    XCTAssertEqual(inbox.currentState, .content)
    XCTAssertEqual(ReadmeExample.banners, ["offline"])
  }

  func test_printingPresenter_presentsSynchronously() {
    let keptPresenter = ReadmeExample.PrintingPresenter()  // the machine holds its presenter weakly
    let model = TestModel(presenter: keptPresenter)
    model.startLoading()
    // A synchronous presenter has shown the change when `present` returns.
    XCTAssertEqual(model.stateMachine.presentedState, .loading(progress: nil))
    model.content = ["a"]
    model.endLoading(animated: true)
    XCTAssertEqual(model.stateMachine.presentedState, .content)
  }

  func test_installManifest_isAValidManifestInBothForms() throws {
    let local = ReadmeExample.manifest.replacingOccurrences(
      of: #".package(url: "https://example.com/StatefulContent.git", from: "0.1.0")"#,
      with: #".package(path: "../StatefulContent")"#)
    XCTAssertNotEqual(local, ReadmeExample.manifest)
    for manifest in [ReadmeExample.manifest, local] {
      let description = try dumpPackage(manifest)
      XCTAssertTrue(description.contains(#""identity" : "statefulcontent""#), description)
      XCTAssertTrue(description.contains(#""StatefulContentTesting""#), description)
    }
  }

  /// Runs `swift package dump-package` on a manifest in a new folder and returns its output.
  private func dumpPackage(_ manifest: String) throws -> String {
    let run = try ToolRun(
      ["swift", "package", "dump-package"], writing: manifest, to: "Package.swift")
    XCTAssertEqual(run.status, 0, run.output)
    return run.output
  }
}
