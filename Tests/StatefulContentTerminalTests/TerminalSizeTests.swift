import StatefulContentTerminal
import XCTest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The size of a terminal: read from a pseudo-terminal, none from a pipe, at least one cell.
final class TerminalSizeTests: XCTestCase {
  func test_ofAPseudoTerminal_isItsSize() throws {
    let pair = try XCTUnwrap(PseudoTerminal(rows: 7, columns: 33), "no pseudo-terminals here")
    defer { pair.close() }
    XCTAssertEqual(TerminalSize(of: pair.terminal), TerminalSize(columns: 33, rows: 7))
  }

  func test_ofAPipe_orABadDescriptor_isNil() throws {
    var descriptors: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&descriptors), 0)
    defer { descriptors.forEach { close($0) } }
    XCTAssertNil(TerminalSize(of: descriptors[1]), "a pipe has no size")
    XCTAssertNil(TerminalSize(of: -1), "a bad descriptor has no size")
  }

  func test_init_clampsToOneCell() {
    XCTAssertEqual(TerminalSize(columns: 0, rows: -5), TerminalSize(columns: 1, rows: 1))
    XCTAssertEqual(TerminalSize.fallback, TerminalSize(columns: 80, rows: 24))
  }
}
