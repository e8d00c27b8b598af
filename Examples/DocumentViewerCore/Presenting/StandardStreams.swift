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
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes text to standard error as it is.
  ///
  /// - Parameter text: The text, including any line feeds.
  public static func writeToError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
