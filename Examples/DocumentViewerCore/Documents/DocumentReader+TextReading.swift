import Foundation

extension DocumentReader {
  /// A text file being read, one read at a time: each ``next()`` reads until it has a part to
  /// hand over — the document read so far, once its first screenful is in — or the whole
  /// document, then `nil`.
  ///
  /// It is the loop of ``DocumentReader/readText(at:expectedByteCount:progress:part:)``, taken
  /// apart so that a streaming load can read the next part when it asks for it, in its own
  /// task, without a task of the reader's.
  ///
  /// ```swift
  /// var reading = try DocumentReader().textReading(at: "big.log", expectedByteCount: size)
  /// while let document = try reading.next() { show(document) }   // partial…, then complete
  /// ```
  struct TextReading {
    private let path: String
    private let handle: FileHandle
    private let expectedByteCount: Int
    private let inChunks: Bool
    private let firstReadSize: Int
    private let readSize: Int
    /// The size when classified; for a size of 0, maybe a pseudo-file's, the read-at-once limit.
    private let limit: Int
    private let progress: (_ completed: Int, _ total: Int) -> Void
    private var scanner: TextScanner
    /// The first screenful, once read: it no longer changes.
    private var firstLines: [String]?
    private var reported = 0
    private var isFinished = false

    /// Opens the file; reports progress 0 for a file read in chunks.
    init(
      reader: DocumentReader, path: String, expectedByteCount: Int,
      progress: @escaping (_ completed: Int, _ total: Int) -> Void
    ) throws(DocumentError) {
      // Non-blocking, in case the path was replaced by a FIFO since it was classified.
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw .unreadable(path: path, reason: systemErrorDescription(errno))
      }
      self.path = path
      handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
      self.expectedByteCount = expectedByteCount
      inChunks = expectedByteCount > reader.readAtOnceLimit
      readSize = inChunks ? reader.chunkSize : reader.readAtOnceLimit
      limit = expectedByteCount > 0 ? expectedByteCount : reader.readAtOnceLimit
      self.progress = progress
      scanner = TextScanner(path: path, maxLines: reader.screenLines)
      firstReadSize = min(readSize, scanner.maxHeadBytes)
      if inChunks { progress(0, expectedByteCount) }
    }

    /// Reads until the next part or the end.
    ///
    /// - Returns: The document read so far (``Document/Completion/partial``) when a read
    ///   left its first screenful complete and more to read; the whole document when the read
    ///   reached the end; `nil` after that.
    /// - Throws: ``DocumentError/unreadable(path:reason:)`` when a read fails or the task is
    ///   cancelled; ``DocumentError/notText(path:reason:)`` when the bytes are not UTF-8 text.
    mutating func next() throws(DocumentError) -> Document? {
      guard !isFinished else { return nil }
      while scanner.byteCount < limit {
        // A cancelled load stops reading: its result would be thrown away anyway.
        if Task.isCancelled { throw .unreadable(path: path, reason: "the read was cancelled") }
        let data: Data?
        do {
          let size = scanner.byteCount == 0 ? firstReadSize : readSize
          data = try handle.read(upToCount: min(size, limit - scanner.byteCount))
        } catch {
          throw .unreadable(path: path, reason: DocumentReader.reason(for: error))
        }
        guard let data, !data.isEmpty else { break }
        try scanner.consume([UInt8](data))
        let part = partReadSoFar()
        if inChunks {
          reported = scanner.byteCount
          progress(reported, expectedByteCount)
        }
        if let part { return part }
      }
      isFinished = true
      let text = try scanner.finish()
      // A file that shrank since it was classified still finishes complete.
      if inChunks && reported < expectedByteCount { progress(expectedByteCount, expectedByteCount) }
      return Document(
        path: path, kind: .text, lines: text.lines, totalLineCount: text.totalLineCount,
        byteCount: scanner.byteCount)
    }

    /// The document read so far, once its first screenful is read and more remains to read.
    private mutating func partReadSoFar() -> Document? {
      guard scanner.hasFirstLines && scanner.byteCount < limit else { return nil }
      let lines = firstLines ?? scanner.firstLines()
      firstLines = lines
      return Document(
        path: path, kind: .text, lines: lines, totalLineCount: scanner.lineCount,
        byteCount: scanner.byteCount, completion: .partial)
    }
  }
}
