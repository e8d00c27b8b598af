import Foundation

/// Writers for the process's standard output and standard error.
///
/// Each call writes at once, without buffering, so that a progress bar redrawn in place
/// appears as it changes and output interleaves correctly with standard error.
public enum StandardStreams {
  /// Writes text to standard output as it is.
  ///
  /// - Parameter text: The text, including any line feeds.
  public static func writeToOutput(_ text: String) {
    // A closed, full or broken stream is not worth a crash: the text is dropped.
    try? FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
  }

  /// Writes text to standard error as it is.
  ///
  /// - Parameter text: The text, including any line feeds.
  public static func writeToError(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }
}
