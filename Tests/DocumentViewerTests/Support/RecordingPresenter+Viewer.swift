import StatefulContent
import StatefulContentTesting
import XCTest

extension RecordingPresenter {
  /// The presented kinds with consecutive repeats (progress updates) removed.
  var changedKinds: [ContentState.Kind] {
    presentedKinds.reduce(into: []) { kinds, kind in
      if kinds.last != kind { kinds.append(kind) }
    }
  }

  /// The progress of every loading presentation that carried one, in order.
  var progressValues: [Double] {
    records.compactMap { record in
      guard record.presentation.state.kind == .loading else { return nil }
      return (record.presentation.placeholder as? StandardPlaceholder)?.progress
    }
  }

  /// The last presentation's placeholder as a standard placeholder.
  var lastStandardPlaceholder: StandardPlaceholder? {
    lastPresentation?.placeholder as? StandardPlaceholder
  }
}

/// Collects text written by a presenter or the program.
final class TextCapture {
  private(set) var text = ""

  var write: (String) -> Void {
    { self.text += $0 }
  }

  func clear() {
    text = ""
  }

  var lines: [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

/// Asserts that an error is the expected `DocumentError`.
func assertDocumentError<E: Equatable>(
  _ error: (any Error)?, _ expected: E, file: StaticString = #filePath, line: UInt = #line
) {
  guard let error else {
    XCTFail("no error, expected \(expected)", file: file, line: line)
    return
  }
  XCTAssertEqual(error as? E, expected, file: file, line: line)
}
