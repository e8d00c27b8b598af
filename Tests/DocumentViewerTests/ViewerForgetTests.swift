import DocumentViewerCore
import Foundation
import StatefulContentTerminal
import XCTest

/// `document-viewer --forget FILE`.
@MainActor
final class ViewerForgetTests: FixtureTestCase {
  private static let secret = "forget-me \u{201C}pdf\u{201D} 42"
  private let output = TextCapture()
  private let errors = TextCapture()
  private var names: [String] = []

  override func tearDown() async throws {
    // XCTest's own asynchronous tearDown does nothing; the fixtures go in the synchronous one.
    for name in names { _ = try? await KernelKeyring().remove(named: name) }
  }

  private func makeApp(keyring: KernelKeyring, strings: ViewerStrings = .english) -> ViewerApp {
    var environment = ToolEnvironment()
    (environment.writeOutput, environment.writeError) = (output.write, errors.write)
    var app = ViewerApp(
      environment: environment, style: .plain, terminalSize: { nil }, strings: strings)
    app.keyring = keyring
    return app
  }

  /// A locked PDF whose password the kernel keyring remembers under its fingerprint.
  private func rememberedPDF() async throws -> (path: String, keyName: String) {
    let locked = try await fixtures.lockedPDF(userPassword: Self.secret)
    let keyName = try await DocumentFingerprint.of(locked).keyName
    names.append(keyName)
    try await KernelKeyring().store(Self.secret, named: keyName)
    return (locked, keyName)
  }

  func test_forget_throughTheBuiltTool_removesThePasswordOfACopy_andSaysSo() async throws {
    try documentViewer.skipUnlessBuilt()
    try skipUnlessPDFToolsAreInstalled()
    try await skipUnlessKernelKeyringWorks()
    let (locked, keyName) = try await rememberedPDF()
    try fixtures.directory("moved")
    let copy = fixtures.path("moved/a copy.pdf")
    try FileManager.default.copyItem(atPath: locked, toPath: copy)
    let home = try fixtures.directory("home")
    let sandbox = [
      "HOME": home, "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
      "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "TMPDIR": home,
    ]

    let first = try documentViewer.start(["--forget", copy], environment: sandbox)
    XCTAssertEqual(first.waitForExit(), 0, first.errorText)
    XCTAssertEqual(
      first.outputText, "document-viewer: forgot the password remembered for '\(copy)'.\n")
    let afterForget = try await KernelKeyring().secret(named: keyName)
    XCTAssertNil(afterForget)

    let second = try documentViewer.start(["--forget", locked], environment: sandbox)
    XCTAssertEqual(second.waitForExit(), 0, second.errorText)
    XCTAssertEqual(
      second.outputText, "document-viewer: no password was remembered for '\(locked)'.\n")

    for text in [first.outputText, first.errorText, second.outputText, second.errorText] {
      XCTAssertFalse(text.contains(Self.secret))
    }
    XCTAssertEqual(files(under: fixtures.url.path, containing: Self.secret), [])
  }

  func test_forget_withoutKeyctl_saysSoAndExits1() async throws {
    let text = try fixtures.file("notes.txt", text: "not a PDF")
    // sha256sum stays reachable; keyctl does not.
    let coreutils = try fixtures.directory("coreutils")
    try FileManager.default.createSymbolicLink(
      atPath: coreutils + "/sha256sum",
      withDestinationPath: try XCTUnwrap(
        SystemProcessRunner.locate("sha256sum", searchPath: "/usr/bin:/bin")))
    let status = await makeApp(keyring: KernelKeyring(searchPath: coreutils)).run([
      "--forget", text,
    ])
    XCTAssertEqual(status, 1)
    XCTAssertEqual(output.text, "")
    XCTAssertEqual(
      errors.text,
      "document-viewer: cannot forget the password of '\(text)': keyctl was not found on PATH; "
        + "install keyutils to remember passwords.\n")
  }

  func test_forget_withTheKeyringRefused_saysSoInTheLanguageAndExits1() async throws {
    let text = try fixtures.file("notes.txt", text: "not a PDF")
    let bin = try fixtures.directory("bin")
    try FileManager.default.createSymbolicLink(
      atPath: bin + "/sha256sum",
      withDestinationPath: try XCTUnwrap(
        SystemProcessRunner.locate("sha256sum", searchPath: "/usr/bin:/bin")))
    let keyctl = try fixtures.file("bin/keyctl", text: "#!/bin/sh\nexit 1\n")
    chmod(keyctl, 0o755)
    let system = SystemProcessRunner()
    let runner = RecordingProcessRunner.scripted { _ in
      ProcessResult(status: 1, standardError: Data("keyctl_search: Permission denied\n".utf8))
    }
    // sha256sum runs for real; keyctl answers as a refusing keyring would.
    let keyring = KernelKeyring(searchPath: bin, runner: SplitRunner(keyctl: runner, other: system))
    let status = await makeApp(keyring: keyring, strings: ViewerStrings(language: "de"))
      .run(["--forget", text])
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      errors.text,
      "document-viewer: der Kernel-Schlüsselbund lehnt es ab, das Passwort von „\(text)“ zu "
        + "vergessen: keyctl_search: Permission denied\n")
  }

  func test_forget_ofAMissingFile_saysItCannotReadItAndExits1() async throws {
    let status = await makeApp(keyring: KernelKeyring()).run([
      "--forget", fixtures.path("gone.pdf"),
    ])
    XCTAssertEqual(status, 1)
    XCTAssertTrue(
      errors.text.hasPrefix("document-viewer: cannot forget the password of '"), errors.text)
  }

  /// Sends keyctl's invocations to one runner and every other tool's to another.
  private struct SplitRunner: ProcessRunner {
    let keyctl: any ProcessRunner
    let other: any ProcessRunner

    func run(
      _ pipeline: [ProcessInvocation], output: @escaping @Sendable (Data) -> Void
    ) async throws -> [ProcessResult] {
      try await (pipeline.first?.toolName == "keyctl" ? keyctl : other).run(
        pipeline, output: output)
    }
  }
}
