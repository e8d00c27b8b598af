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

  /// The progress shown, in order: a loading placeholder's, then the content's while the rest
  /// of a streaming load is read; a value presented again (by the change from loading to
  /// content) counts once.
  var loadProgressValues: [Double] {
    records.compactMap { record -> Double? in
      switch record.presentation.state.kind {
      case .loading: (record.presentation.placeholder as? StandardPlaceholder)?.progress
      case .content: record.presentation.progress
      default: nil
      }
    }
    .reduce(into: []) { values, value in
      if values.last != value { values.append(value) }
    }
  }

  /// The last presentation's placeholder as a standard placeholder.
  var lastStandardPlaceholder: StandardPlaceholder? {
    lastPresentation?.placeholder as? StandardPlaceholder
  }
}

/// Collects text written by a presenter or the program, from any thread.
final class TextCapture: Sendable {
  private let captured = LockedState("")

  var text: String { captured.withLock { $0 } }

  var write: @Sendable (String) -> Void {
    { [captured] text in captured.withLock { $0 += text } }
  }

  func clear() {
    captured.withLock { $0 = "" }
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
