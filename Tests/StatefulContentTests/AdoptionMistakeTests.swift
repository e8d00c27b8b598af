import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// StatefulViewController's spellings, which compile but would silently get the defaults: the
/// compiler warns about both (`func hasContent()`, `handleErrorWhenContentAvailable(_:)`), and
/// the error hook's old name is also reported at run time, never trapping.
final class AdoptionMistakeTests: XCTestCase {
  /// An adopter migrated from StatefulViewController, with its hook's old name. The compiler
  /// warns about it, as it should; deprecated, so that this file, which checks it, compiles
  /// without warnings (and so are the tests that use it).
  @available(*, deprecated)
  private final class OldHookName: StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [String] = ["kept"]
    var handled: [String] = []

    func handleErrorWhenContentAvailable(_ error: any Error) {
      handled.append("\(error)")
    }
  }

  /// An adopter with the hook's right name.
  private final class NewHookName: StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [String] = ["kept"]
    var handled: [String] = []

    func handleErrorWhenContentsAvailable(_ error: any Error) {
      handled.append("\(error)")
    }
  }

  @available(*, deprecated)
  func test_theOldHookName_isCalled_andReportedOnce() {
    let model = OldHookName()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    model.startLoading()
    model.endLoading(error: TestError("offline"))
    model.startLoading()
    model.endLoading(error: TestError("still offline"))
    XCTAssertEqual(model.handled, ["offline", "still offline"], "the error is not lost")
    XCTAssertEqual(mistakes, [.oldErrorHookName], "reported once per machine")
    XCTAssertTrue(mistakes[0].description.contains("handleErrorWhenContentsAvailable(_:)"))
    XCTAssertEqual(model.currentState, .content)
  }

  /// With the machine's default handler, the old name is a line on standard error, once per
  /// kind in the process, and the error still reaches the adopter: a mistake never traps.
  @available(*, deprecated)
  func test_theOldHookName_withTheDefaultHandler_isLoggedOnce_andNeverTraps() throws {
    let models = [OldHookName(), OldHookName()]
    let log = try capturingStandardError {
      for model in models {
        model.startLoading()
        model.endLoading(error: TestError("offline"))
      }
    }
    XCTAssertEqual(models.map(\.handled), [["offline"], ["offline"]], "the error is not lost")
    XCTAssertEqual(models.map(\.currentState), [.content, .content])
    XCTAssertEqual(log, AdoptionMistake.oldErrorHookName.description + "\n", "one line, once")
  }

  /// What `body` writes to standard error (file descriptor 2).
  private func capturingStandardError(_ body: () -> Void) throws -> String {
    let pipe = Pipe()
    let saved = dup(2)
    XCTAssertGreaterThanOrEqual(saved, 0)
    dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    close(saved)
    try pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }

  /// A migration shim: both names, the old one forwarding to the new one.
  private final class BothHookNames: StatefulContent {
    let stateMachine = ContentStateMachine()
    var content: [String] = ["kept"]
    var handled: [String] = []

    func handleErrorWhenContentsAvailable(_ error: any Error) {
      handled.append("\(error)")
    }

    func handleErrorWhenContentAvailable(_ error: any Error) {
      handleErrorWhenContentsAvailable(error)
    }
  }

  func test_bothHookNames_getEachErrorOnce() {
    let model = BothHookNames()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    model.startLoading()
    model.endLoading(error: TestError("offline"))
    XCTAssertEqual(model.handled, ["offline"], "exactly once")
    XCTAssertEqual(mistakes, [])
  }

  func test_theRightHookName_reportsNoMistake() {
    let model = NewHookName()
    var mistakes: [AdoptionMistake] = []
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    model.startLoading()
    model.endLoading(error: TestError("offline"))
    XCTAssertEqual(model.handled, ["offline"])
    XCTAssertEqual(mistakes, [])
  }

  /// Compiles an adopter with StatefulViewController's `func hasContent()` against the built
  /// module and checks that the compiler warns about it.
  func test_theOldHasContentMethod_isAWarningAtCompileTime() throws {
    let run = try typecheck(
      """
      import StatefulContent
      final class Wines: StatefulContent {
        let stateMachine = ContentStateMachine()
        func hasContent() -> Bool { true }
      }
      final class Fixed: StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
      }
      """)
    XCTAssertEqual(run.status, 0, run.output)
    let warnings = Self.warnings(
      in: run.output,
      containing: "deprecated default implementation is used to satisfy property 'hasContent'")
    XCTAssertEqual(warnings, [2], "one warning, for Wines only:\n\(run.output)")
    XCTAssertTrue(run.output.contains("'func hasContent()' is not called"), run.output)
  }

  /// Compiles adopters with StatefulViewController's `handleErrorWhenContentAvailable(_:)` —
  /// in the class, in the extension that conforms, on the main actor — against the built
  /// module, and checks that the compiler warns at each conformance and names the fix.
  func test_theOldHookName_isAWarningAtCompileTime() throws {
    let run = try typecheck(
      """
      import StatefulContent
      final class Wines: StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
        func handleErrorWhenContentAvailable(_ error: any Error) {}
      }
      final class Cellar {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
      }
      extension Cellar: StatefulContent {
        func handleErrorWhenContentAvailable(_ error: Error) {}
      }
      @MainActor final class Shelf: @MainActor StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
        func handleErrorWhenContentAvailable(_ error: any Error) {}
      }
      final class Shim: StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
        func handleErrorWhenContentsAvailable(_ error: any Error) {}
        func handleErrorWhenContentAvailable(_ error: any Error) {
          handleErrorWhenContentsAvailable(error)
        }
      }
      final class Fixed: StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
        func handleErrorWhenContentsAvailable(_ error: any Error) {}
      }
      """)
    XCTAssertEqual(run.status, 0, run.output)
    let warnings = Self.warnings(
      in: run.output,
      containing:
        "deprecated default implementation is used to satisfy instance method "
        + "'handleErrorWhenContentsAvailable'")
    XCTAssertEqual(
      warnings, [2, 11, 14], "Wines, Cellar and Shelf, not Shim nor Fixed:\n\(run.output)")
    XCTAssertTrue(
      run.output.contains(
        "'handleErrorWhenContentAvailable(_:)' is StatefulViewController's spelling: "
          + "rename it 'handleErrorWhenContentsAvailable(_:)'"),
      run.output)
  }

  /// Type-checks an adopter's file, `Adopter.swift`, against the modules built with the tests.
  private func typecheck(_ source: String) throws -> ToolRun {
    let modules = try XCTUnwrap(BuiltModules.directory, "the built modules are next to the tests")
    return try ToolRun(
      ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, "Adopter.swift"],
      writing: source, to: "Adopter.swift")
  }

  /// The lines of `Adopter.swift` with a warning whose text contains `text`.
  private static func warnings(in output: String, containing text: String) -> [Int] {
    output.split(separator: "\n").compactMap { line -> Int? in
      guard line.contains("warning: \(text)"),
        let location = line.firstRange(of: "Adopter.swift:")
      else { return nil }
      return Int(line[location.upperBound...].prefix { $0.isNumber })
    }
  }
}
