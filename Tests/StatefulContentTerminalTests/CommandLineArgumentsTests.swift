import StatefulContentTerminal
import XCTest

/// Reading a command line: options, values, operands, `--` and `-`, and what is wrong.
final class CommandLineArgumentsTests: XCTestCase {
  private func read(
    _ arguments: [String], values: Set<String> = ["--delay"]
  ) throws -> [CommandLineArguments.Argument] {
    var reader = CommandLineArguments(arguments, optionsWithValues: values)
    var read: [CommandLineArguments.Argument] = []
    while let argument = try reader.next() { read.append(argument) }
    return read
  }

  func test_next_readsFlagsOptionsAndOperandsInOrder() throws {
    XCTAssertEqual(
      try read(["-h", "--timeline", "--delay", "500", "a.txt", "--delay=7", "-", "b"]),
      [
        .flag("-h"), .flag("--timeline"), .option("--delay", "500"), .operand("a.txt"),
        .option("--delay", "7"), .operand("-"), .operand("b"),
      ])
  }

  func test_next_afterDoubleDash_everyArgumentIsAnOperand() throws {
    XCTAssertEqual(
      try read(["--", "--delay", "-x", "--"]),
      [.operand("--delay"), .operand("-x"), .operand("--")])
  }

  func test_next_anOptionsValueMayStartWithADashOrBeEmpty() throws {
    XCTAssertEqual(try read(["--delay", "-5"]), [.option("--delay", "-5")])
    XCTAssertEqual(try read(["--delay="]), [.option("--delay", "")])
  }

  func test_next_anOptionWithoutItsValue_isMissingValue() {
    XCTAssertThrowsError(try read(["a", "--delay"])) {
      XCTAssertEqual($0 as? CommandLineError, .missingValue(option: "--delay"))
    }
  }

  func test_next_aFlagGivenAValue_isAnUnknownOption() {
    XCTAssertThrowsError(try read(["--timeline=yes"])) {
      XCTAssertEqual($0 as? CommandLineError, .unknownOption("--timeline=yes"))
    }
  }

  func test_nextOrThrow_wrapsWhatIsWrongInTheToolsOwnError() {
    enum UsageError: Error, Equatable { case commandLine(CommandLineError) }
    var reader = CommandLineArguments(["--delay"], optionsWithValues: ["--delay"])
    XCTAssertThrowsError(try reader.next(orThrow: UsageError.commandLine)) {
      XCTAssertEqual($0 as? UsageError, .commandLine(.missingValue(option: "--delay")))
    }
  }

  func test_unknown_namesTheOptionOrTheOperand() {
    let reader = CommandLineArguments([])
    XCTAssertEqual(reader.unknown(.flag("-x")), .unknownOption("-x"))
    XCTAssertEqual(reader.unknown(.option("--delay", "5")), .unknownOption("--delay"))
    XCTAssertEqual(reader.unknown(.operand("b")), .unexpectedOperand("b"))
  }

  func test_decode_keepsUTF8Arguments_andRejectsOthers() throws {
    XCTAssertEqual(
      try CommandLineArguments.decode([Array("café.txt".utf8), []]), ["café.txt", ""])
    XCTAssertThrowsError(
      try CommandLineArguments.decode([Array("a".utf8), [0x63, 0x61, 0x66, 0xE9]])
    ) {
      XCTAssertEqual($0 as? CommandLineError, .notUTF8("caf\u{FFFD}"))
    }
  }

  func test_processArguments_areThisProcesssArgumentsAfterItsName() {
    XCTAssertEqual(
      CommandLineArguments.processArguments().map { String(decoding: $0, as: UTF8.self) },
      Array(CommandLine.arguments.dropFirst()))
  }

  func test_description_quotesTheWayEachLanguageQuotes() {
    let error = CommandLineError.unknownOption("--colour")
    XCTAssertEqual(error.description, "unknown option '--colour'")
    XCTAssertEqual(error.description(language: "de"), "unbekannte Option „--colour“")
    XCTAssertEqual(error.description(language: "fr"), "option inconnue «\u{A0}--colour\u{A0}»")
    XCTAssertEqual(error.description(language: "it"), error.description)
  }

  func test_description_replacesTheArgumentsControlCharacters() {
    let clearsTheScreen = CommandLineError.unknownOption("--x\u{1B}[2J\u{7}")

    for language in ["en", "de", "fr"] {
      let sentence = clearsTheScreen.description(language: language)
      XCTAssertFalse(sentence.contains("\u{1B}"), sentence)
      XCTAssertTrue(sentence.contains("--x\u{FFFD}[2J\u{FFFD}"), sentence)
    }
  }

  func test_description_everyCaseHasItsOwnSentenceInEveryLanguage() {
    let errors: [CommandLineError] = [
      .unknownOption("-x"), .missingValue(option: "-x"), .unexpectedOperand("-x"),
      .notUTF8("-x"), .explainNeedsTimeline,
    ]
    for language in ["en", "de", "fr"] {
      let sentences = errors.map { $0.description(language: language) }
      XCTAssertEqual(Set(sentences).count, errors.count, language)
      for (error, sentence) in zip(errors, sentences) where error != .explainNeedsTimeline {
        XCTAssertTrue(sentence.contains("-x"), sentence)
      }
    }
    XCTAssertNotEqual(
      CommandLineError.missingValue(option: "-x").description(language: "de"),
      CommandLineError.missingValue(option: "-x").description(language: "fr"))
  }
}
