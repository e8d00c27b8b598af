import Foundation

/// A folder path of its own in the temporary directory, for a test that writes files: nothing
/// is there until the test makes it, and ``remove()`` takes everything away.
struct TemporaryFolder {
  /// The folder's path.
  let path: String

  /// A new path, named after the test's subject.
  ///
  /// - Parameter subject: The start of the folder's name.
  init(for subject: String) {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("\(subject)-\(UUID().uuidString)").path
  }

  /// Removes the folder and what it holds, if anything.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
