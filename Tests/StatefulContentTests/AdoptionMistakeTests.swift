import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

/// StatefulViewController's spellings, which compile but would silently get the defaults: the
/// error hook's old name is detected at run time, `func hasContent()` at compile time.
final class AdoptionMistakeTests: XCTestCase {
  /// An adopter migrated from StatefulViewController, with its hook's old name.
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
    let modules = try XCTUnwrap(Self.builtModules(), "the built modules are next to the tests")
    let source = """
      import StatefulContent
      final class Wines: StatefulContent {
        let stateMachine = ContentStateMachine()
        func hasContent() -> Bool { true }
      }
      final class Fixed: StatefulContent {
        let stateMachine = ContentStateMachine()
        var hasContent: Bool { true }
      }
      """
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("adoption-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("Wines.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path,
    ]
    let output = Pipe()
    process.standardError = output
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()

    XCTAssertEqual(process.terminationStatus, 0, text)
    let warnings = text.split(separator: "\n").filter {
      $0.hasPrefix(file.path)
        && $0.contains(
          "warning: deprecated default implementation is used to satisfy property "
            + "'hasContent'")
    }
    XCTAssertEqual(warnings.count, 1, "one warning, for Wines only:\n\(text)")
    XCTAssertTrue(warnings.first?.contains("Wines.swift:2:") == true, text)
    XCTAssertTrue(text.contains("'func hasContent()' is not called"), text)
  }

  /// The directory of the modules built with the tests (`<scratch>/<triple>/debug/Modules`).
  private static func builtModules() -> URL? {
    let candidates =
      [Bundle.main.bundleURL, Bundle(for: Self.self).bundleURL]
      + [URL(fileURLWithPath: CommandLine.arguments[0])]
    for candidate in candidates {
      var directory = candidate
      for _ in 0..<4 {
        let modules = directory.appendingPathComponent("Modules")
        let module = modules.appendingPathComponent("StatefulContent.swiftmodule")
        if FileManager.default.fileExists(atPath: module.path) { return modules }
        directory.deleteLastPathComponent()
      }
    }
    return nil
  }
}
