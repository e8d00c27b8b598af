import Foundation
import StatefulContentTerminal
import StatefulContentTesting
import XCTest

/// `PasswordSource.terminalPrompt`, on a pseudo-terminal the test types into: what it asks, in
/// which words. The reading itself is `TerminalSession.readSecretLine`'s (`SecretLineTests`).
@MainActor
final class PasswordPromptTests: XCTestCase {
  private var pair: PseudoTerminal?
  private let promptCapture = TextCapture()
  private var prompts: String { promptCapture.text }

  override func setUp() async throws {
    pair = PseudoTerminal()
    try XCTSkipIf(pair == nil, "no pseudo-terminals here")
  }

  override func tearDown() async throws {
    pair?.close()
  }

  private var echoIsOn: Bool { pair?.echoes ?? true }

  private func type(_ text: String) { pair?.type(text) }

  private func makePrompt(language: String = "en") -> PasswordSource {
    PasswordSource.terminalPrompt(
      input: pair?.terminal ?? -1, interrupts: nil, language: language,
      writePrompt: promptCapture.write)
  }

  func test_source_namesTheDocumentAndSaysWhenThePasswordWasWrong() async throws {
    let source = makePrompt()

    let first = Task { await source.password(for: "/tmp/a/locked.pdf", attempt: 0) }
    try await settle { !self.echoIsOn }
    type("one\n")
    _ = await first.value
    try await settle { self.echoIsOn }
    let second = Task { await source.password(for: "/tmp/a/locked.pdf", attempt: 1) }
    try await settle { !self.echoIsOn }
    type("\n")
    let answer = await second.value

    XCTAssertNil(answer, "an empty line stops asking")
    XCTAssertEqual(
      prompts,
      "Password for 'locked.pdf' (empty to skip): \n"
        + "Wrong password. Password for 'locked.pdf' (empty to skip): \n")
  }

  func test_source_documentNameWithEscapeSequences_isCleanedInThePrompt() async throws {
    let source = makePrompt()

    let asking = Task { await source.password(for: "/tmp/a/\u{1B}[2Jx.pdf", attempt: 0) }
    try await settle { !self.echoIsOn }
    type("\n")
    _ = await asking.value

    XCTAssertEqual(prompts, "Password for '\u{FFFD}[2Jx.pdf' (empty to skip): \n")
  }

  func test_prompt_inGermanAndFrench_quotesTheNameAsTheLanguageDoes() {
    XCTAssertEqual(
      PasswordSource.prompt(naming: "a.pdf", afterWrongPassword: true, language: "de"),
      "Falsches Passwort. Passwort für „a.pdf“ (leer zum Überspringen): ")
    XCTAssertEqual(
      PasswordSource.prompt(naming: "a.pdf", afterWrongPassword: false, language: "fr"),
      "Mot de passe de «\u{A0}a.pdf\u{A0}» (vide pour passer)\u{A0}: ")
  }
}
