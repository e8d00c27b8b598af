import StatefulContentTerminal
import XCTest

final class TerminalTextTests: XCTestCase {
  func test_clean_replacesControlCharacters_andKeepsOrSpacesTabs() {
    XCTAssertEqual(TerminalText.clean("a\u{1B}[31mb\tc\u{7}"), "a\u{FFFD}[31mb\tc\u{FFFD}")
    XCTAssertEqual(TerminalText.clean("\u{9B}2J\u{7F}"), "\u{FFFD}2J\u{FFFD}", "C1 and DEL")
    XCTAssertEqual(TerminalText.clean("a\tb\nc", tabs: .space), "a b\u{FFFD}c")
    XCTAssertEqual(TerminalText.clean("日本 e\u{301}"), "日本 e\u{301}", "printable text stays")
  }

  func test_clean_replacesBidirectionalFormattingCharacters_soANameCannotShowAsAnother() {
    XCTAssertEqual(TerminalText.clean("notes\u{202E}fdp.txt"), "notes\u{FFFD}fdp.txt")
    XCTAssertEqual(
      TerminalText.clean("a\u{2066}b\u{2069}c\u{200F}d\u{061C}e"),
      "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e")
    XCTAssertEqual(TerminalText.clean("“quoted” … – ½"), "“quoted” … – ½", "printable ones stay")
  }

  func test_clean_aPastedMegabyteWithoutControlCharacters_isReturnedAsItIs() {
    // Its speed (it was rebuilt scalar by scalar, a tenth of a second a call, several calls a
    // frame in file-search) is file-search-bench's "a pasted 1 MB query" row.
    let pasted = String(repeating: "abc漢字é\t", count: 150_000)

    XCTAssertEqual(TerminalText.clean(pasted), pasted)
    XCTAssertEqual(TerminalText.clean(pasted + "\u{85}").unicodeScalars.last, "\u{FFFD}", "C1")
    XCTAssertEqual(TerminalText.clean("20 °C\u{0}"), "20 °C\u{FFFD}")
  }

  func test_fitted_countsTabStopsWideCharactersAndCombiningMarks() {
    XCTAssertEqual(TerminalText.fitted("a\tb", width: 9), "a\tb", "the tab ends at column 8")
    XCTAssertEqual(TerminalText.fitted("a\tbc", width: 9), "a\t…")
    XCTAssertEqual(TerminalText.fitted("日本語のテキスト", width: 9), "日本語の…", "two columns each")
    XCTAssertEqual(TerminalText.fitted("日本語の", width: 9), "日本語の")
    XCTAssertEqual(
      TerminalText.fitted(String(repeating: "e\u{301}", count: 9), width: 9),
      String(repeating: "e\u{301}", count: 9))
    XCTAssertEqual(
      TerminalText.fitted(String(repeating: "e\u{301}", count: 10), width: 9),
      String(repeating: "e\u{301}", count: 8) + "…")
    XCTAssertEqual(TerminalText.fitted("😀😀😀😀😀", width: 9), "😀😀😀😀…")
  }

  func test_fitted_dropsTrailingWhiteSpaceFirst_andKeepsLinesThatFit() {
    XCTAssertEqual(TerminalText.fitted("abc" + String(repeating: " ", count: 20), width: 10), "abc")
    XCTAssertEqual(TerminalText.fitted("abc       ", width: 10), "abc       ")
    XCTAssertEqual(TerminalText.fitted("abc\t\t", width: 10), "abc")
  }

  func test_fitted_withoutAWidth_orANarrowOne() {
    let long = String(repeating: "x", count: 500)
    XCTAssertEqual(TerminalText.fitted(long, width: nil), long, "a pipe keeps lines whole")
    XCTAssertEqual(TerminalText.fitted("ab", width: 1), "…")
    XCTAssertEqual(TerminalText.fitted("ab", width: 0), "…", "below 1 means 1")
    XCTAssertEqual(TerminalText.fitted("ab", width: -5), "…")
  }

  func test_fitted_aPastedMegabyte_isCutAtEachWidth() {
    // Its speed (it read every character, seconds a call) is file-search-bench's "a pasted
    // 1 MB query" row.
    let pasted = String(repeating: "abc漢字é ", count: 150_000)

    let lines = (1...20).map { TerminalText.fitted(pasted, width: $0) }

    XCTAssertEqual(lines[9], "abc漢字é …")
    XCTAssertEqual(lines[0], "…")
    XCTAssertEqual(lines.map { TerminalText.columns(of: $0[...]) }.max(), 20)
  }

  func test_cellWidth_ofWideCombiningFormatAndEmojiCharacters() {
    XCTAssertEqual(TerminalText.cellWidth(of: "a"), 1)
    XCTAssertEqual(TerminalText.cellWidth(of: "語"), 2)
    XCTAssertEqual(TerminalText.cellWidth(of: "\u{301}"), 0, "a lone combining mark")
    XCTAssertEqual(TerminalText.cellWidth(of: "\u{200B}"), 0, "a format character")
    XCTAssertEqual(TerminalText.cellWidth(of: "❤️"), 2, "an emoji shown as an emoji")
    XCTAssertEqual(TerminalText.columns(of: "a\t語"), 10)
  }

  func test_cellWidth_isTheSystemsWcwidth_andLeavesTheProcesssLocaleAlone() {
    let before = String(cString: setlocale(LC_CTYPE, nil))
    XCTAssertEqual(TerminalText.cellWidth(of: "가"), 2, "Hangul, wide by the C library's tables")
    XCTAssertEqual(TerminalText.cellWidth(of: "Ａ"), 2, "a fullwidth letter")
    XCTAssertEqual(TerminalText.cellWidth(of: "😀"), 2)
    XCTAssertEqual(TerminalText.cellWidth(of: "e\u{301}"), 1, "a letter and its accent")
    XCTAssertEqual(TerminalText.fitted("가나다라", width: 5), "가나…")
    XCTAssertEqual(String(cString: setlocale(LC_CTYPE, nil)), before)
  }
}
