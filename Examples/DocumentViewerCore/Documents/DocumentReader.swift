import Foundation
import StatefulContent

/// Reads a classified ``DocumentSource`` into a ``Document``, in chunks when it is large.
///
/// A text file larger than ``readAtOnceLimit`` is read ``chunkSize`` bytes at a time and
/// reports its progress after every chunk; smaller files are read at once and report none.
/// PDFs are read by a ``PDFReader`` with the tools of ``pdfTools``. A text file or a PDF's
/// text hands over its first screenful as a part as soon as it is read, before the rest (see
/// ``read(_:credential:progress:part:)``).
///
/// ```swift
/// let reader = DocumentReader(chunkSize: 64 << 10)
/// let document = try await reader.read(.directory(path: "/tmp"))
/// ```
public struct DocumentReader: Sendable {
  /// The size in bytes above which a file is read in chunks with progress.
  public var readAtOnceLimit: Int
  /// How many bytes each read asks for.
  public var chunkSize: Int
  /// How many lines, or directory entries, a document keeps to show.
  public var screenLines: Int
  /// The tools that read PDFs.
  public var pdfTools: PDFTools

  /// Creates a reader.
  ///
  /// Values below 1 are replaced by 1, so that a reader always makes progress.
  ///
  /// - Parameters:
  ///   - readAtOnceLimit: The size in bytes above which a file is read in chunks. Defaults to
  ///     1 MiB.
  ///   - chunkSize: How many bytes each read asks for. Defaults to 256 KiB.
  ///   - screenLines: How many lines or entries to keep. Defaults to 20.
  ///   - pdfTools: The tools that read PDFs. Defaults to the tools on `PATH`.
  public init(
    readAtOnceLimit: Int = 1 << 20, chunkSize: Int = 256 << 10, screenLines: Int = 20,
    pdfTools: PDFTools = PDFTools()
  ) {
    self.readAtOnceLimit = max(readAtOnceLimit, 1)
    self.chunkSize = max(chunkSize, 1)
    self.screenLines = max(screenLines, 1)
    self.pdfTools = pdfTools
  }

  /// Reads a source.
  ///
  /// - Parameters:
  ///   - source: The classified path to read.
  ///   - credential: The password for a protected PDF, or `nil`. Ignored for other documents.
  ///   - progress: Called with the bytes read and the bytes expected, before the first and
  ///     after every read of a file read in chunks, ending with both equal once the whole
  ///     file is read; never called for a file read at once, a folder or a PDF.
  ///   - part: Called with the document read so far (``Document/Completion/partial``) once
  ///     its first screenful is read, and then after every chunk of a text file or of a PDF's
  ///     text, until the returned document ends the read: a large file's first screen need
  ///     not wait for the rest. Not called for a folder, nor for a document that ends in the
  ///     read that completes its first screenful. Defaults to ignoring them.
  /// - Returns: The document, with its first screenful.
  /// - Throws: ``DocumentError/unreadable(path:reason:)`` when the operating system refuses or
  ///   fails a read; ``DocumentError/notText(path:reason:)`` when a file's bytes are not
  ///   UTF-8 text; for a PDF, what ``PDFReader/read(path:byteCount:credential:part:)`` throws.
  public func read(
    _ source: DocumentSource, credential: Credential? = nil,
    progress: (_ completed: Int, _ total: Int) -> Void = { _, _ in },
    part: @escaping @Sendable (Document) -> Void = { _ in }
  ) async throws -> Document {
    switch source {
    case .textFile(let path, let byteCount):
      try readText(at: path, expectedByteCount: byteCount, progress: progress, part: part)
    case .directory(let path):
      try listDirectory(at: path)
    case .pdf(let path, let byteCount):
      try await PDFReader(tools: pdfTools, screenLines: screenLines)
        .read(path: path, byteCount: byteCount, credential: credential, part: part)
    }
  }

  /// Reads a text file, in chunks with progress when it is larger than ``readAtOnceLimit``.
  ///
  /// The read stops at the size the file had when it was classified, small or large, so that a
  /// file that grows while it is read (a log being written) is read once, not until its writer
  /// stops; a file that shrank ends earlier. A file whose size was 0 may be a pseudo-file whose
  /// size is not known in advance (`/proc/cpuinfo`): it is read up to ``readAtOnceLimit``
  /// bytes.
  ///
  /// The first read asks for no more than the first screenful keeps (64 KiB), so that the
  /// first screen waits for no more; the reads after it ask for ``chunkSize`` bytes, or for the
  /// rest of a file read at once. Once the first ``screenLines`` lines are read (or 64 KiB of
  /// them, when they are long), the document read so far goes to `part` after each read (and
  /// its progress), so that the first screen can be shown while the rest is read. A part's `totalLineCount` and
  /// `byteCount` are those of the bytes read so far; the returned document has the final ones.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - expectedByteCount: The file's size when it was classified.
  ///   - progress: See ``read(_:credential:progress:part:)``.
  ///   - part: Called with each part; see ``read(_:credential:progress:part:)``. Defaults to
  ///     ignoring them.
  /// - Returns: The document.
  /// - Throws: ``DocumentError/unreadable(path:reason:)`` or
  ///   ``DocumentError/notText(path:reason:)``, also after parts: a NUL byte or invalid UTF-8
  ///   far into a file is found only when the read reaches it.
  public func readText(
    at path: String, expectedByteCount: Int,
    progress: (_ completed: Int, _ total: Int) -> Void = { _, _ in },
    part: (Document) -> Void = { _ in }
  ) throws(DocumentError) -> Document {
    try withoutActuallyEscaping(progress) { progress throws(DocumentError) in
      var reading = try textReading(
        at: path, expectedByteCount: expectedByteCount, progress: progress)
      while let document = try reading.next() {
        guard document.isComplete else {
          part(document)
          continue
        }
        return document
      }
      preconditionFailure("a text reading ends with the whole document")
    }
  }

  /// Opens a text file to read it one part at a time (see ``TextReading``).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - expectedByteCount: The file's size when it was classified.
  ///   - progress: See ``read(_:credential:progress:part:)``.
  /// - Returns: The reading, before its first read.
  /// - Throws: ``DocumentError/unreadable(path:reason:)`` when the file cannot be opened.
  func textReading(
    at path: String, expectedByteCount: Int,
    progress: @escaping (_ completed: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(DocumentError) -> TextReading {
    try TextReading(
      reader: self, path: path, expectedByteCount: expectedByteCount, progress: progress)
  }

  /// Lists a directory: its first ``screenLines`` entries sorted by name, and how many it has.
  ///
  /// - Parameter path: The directory's path.
  /// - Returns: The document.
  /// - Throws: ``DocumentError/unreadable(path:reason:)``.
  public func listDirectory(at path: String) throws(DocumentError) -> Document {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .unreadable(path: path, reason: Self.reason(for: error))
    }
    let sorted = names.map { ($0.lowercased(), $0) }.sorted(by: <).map(\.1)
    let shown = sorted.prefix(screenLines).map { name in
      var isDirectory: ObjCBool = false
      let childPath = (path as NSString).appendingPathComponent(name)
      let exists = FileManager.default.fileExists(atPath: childPath, isDirectory: &isDirectory)
      return exists && isDirectory.boolValue ? name + "/" : name
    }
    return Document(
      path: path, kind: .directory, lines: shown, totalLineCount: names.count, byteCount: 0)
  }

  /// The operating system's reason inside a Foundation error, or the error's own description.
  static func reason(for error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    for candidate in [error as NSError, underlying].compactMap({ $0 })
    where candidate.domain == NSPOSIXErrorDomain {
      return systemErrorDescription(Int32(candidate.code))
    }
    return error.localizedDescription
  }
}
