import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift block of the Locked Documents article, copied exactly and run
// (`DocExampleCoverageTests` checks the copy) with the names it uses declared here.

enum LockedDocumentsExample {
  final class PDFDocument: StatefulContent {
    let stateMachine: ContentStateMachine
    let url: URL
    var pages: [String] = []
    var hasContent: Bool { !pages.isEmpty }

    init(url: URL, presenter: some Presenter) {
      self.url = url
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    nonisolated(nonsending) func loadContent() async {
      let url = url
      await load(into: \.pages) { context in
        guard let password = context.credential?.secret else {
          throw ContentLockedError(.credentialRequired)
        }
        guard let pages = try await PDF.open(url, password: password) else {
          throw ContentLockedError.incorrectCredential  // the machine counts
        }
        return pages
      }
    }
  }

  /// A PDF reader that knows one password.
  enum PDF {
    static func open(_ url: URL, password: String) async throws -> [String]? {
      password == "secret" ? ["Page 1 of \(url.lastPathComponent)"] : nil
    }
  }
}

final class LockedDocumentsExampleTests: XCTestCase {
  @MainActor
  func test_lockedLoad_locksThenUnlocksWithTheRightPassword() async {
    let presenter = RecordingPresenter()
    let document = LockedDocumentsExample.PDFDocument(
      url: URL(fileURLWithPath: "/tmp/report.pdf"), presenter: presenter)
    await document.loadContent()
    XCTAssertEqual(document.currentState, .locked(.credentialRequired))
    await document.unlock(with: Credential(password: "wrong"))
    XCTAssertEqual(document.currentState, .locked(.incorrectCredential(attempts: 1)))
    XCTAssertEqual(document.pages, [])
    await document.unlock(with: Credential(password: "secret"))
    XCTAssertEqual(document.currentState, .content)
    XCTAssertEqual(document.pages, ["Page 1 of report.pdf"])
    XCTAssertEqual(presenter.presentedKinds.last, .content)
    let reloaded = await document.reload()  // Retry keeps it unlocked
    XCTAssertEqual(reloaded, .completed)
    XCTAssertEqual(document.currentState, .content)
  }
}
