import StatefulContent

/// The parts of a document being opened, read as they are asked for: the sequence a
/// ``DocumentSession`` loads as a stream.
///
/// The first part is the first screenful of a text file or of a PDF's text, as soon as it is
/// read; each later part is the document read so far (``Document/Completion/partial``), and
/// the last one the whole document (``Document/Completion/complete``). A folder, a small file,
/// or a document that fails before its first screenful is read yields one part or none.
///
/// A text file is read by the task that iterates, one read per part, so that its first screen
/// waits for no other task; a PDF's text comes from its tools on a thread of the process
/// runner. When the read fails after its first screenful (a NUL byte far into a text file), the
/// sequence yields the last part again, marked ``Document/Completion/failed(_:)`` with the
/// error, before it throws the error, so that what is shown can say why the rest is missing.
/// Cancelling the iterating task stops the read at its next chunk and ends a PDF's tools.
///
/// ```swift
/// for try await document in opener.parts("big.log", context: LoadContext()) {
///   show(document)   // the first screenful at once, then the rest's counts
/// }
/// ```
public struct DocumentParts: AsyncSequence, Sendable {
  /// A part: the document read so far.
  public typealias Element = Document

  let opener: DocumentOpener
  let path: String
  let context: LoadContext

  /// Makes an iterator that opens the path at its first `next()`.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(parts: self)
  }

  /// Reads the parts of one open.
  public struct Iterator: AsyncIteratorProtocol {
    private enum Step {
      case start
      case text(DocumentReader.TextReading)
      case other(AsyncThrowingStream<Document, any Error>.AsyncIterator)
      case failing(any Error)
      case finished
    }

    private let parts: DocumentParts
    private var step = Step.start
    private var lastPart: Document?

    init(parts: DocumentParts) {
      self.parts = parts
    }

    /// Reads the next part.
    ///
    /// - Returns: The document read so far, or `nil` after the whole document.
    /// - Throws: `CancellationError` when cancelled during the opener's wait or a PDF tool's
    ///   run; what ``DocumentSource/classify(_:)`` and
    ///   ``DocumentReader/read(_:credential:progress:part:)`` throw — after the last part
    ///   marked ``Document/Completion/failed(_:)`` when a part came before.
    public mutating func next() async throws -> Document? {
      do {
        let part = try await readNext()
        if let part, !part.isComplete { lastPart = part }
        return part
      } catch let error as DocumentError where !Task.isCancelled {
        guard var stopped = lastPart else { throw error }
        lastPart = nil
        step = .failing(error)
        stopped.completion = .failed(error)
        return stopped
      }
    }

    private mutating func readNext() async throws -> Document? {
      // Each step is taken out before it is used, so that the reading is not copied.
      let current = step
      step = .finished
      switch current {
      case .start:
        let opener = parts.opener
        if opener.latency > .zero { try await opener.clock.sleep(for: opener.latency) }
        try Task.checkCancellation()
        let source = try DocumentSource.classify(parts.path)
        if case .textFile(let path, let byteCount) = source {
          let context = parts.context
          step = .text(
            try opener.reader.textReading(at: path, expectedByteCount: byteCount) {
              completed, total in
              context.reportProgress(completed: Int64(completed), total: Int64(total))
            })
        } else {
          step = .other(read(source).makeAsyncIterator())
        }
        return try await readNext()
      case .text(var reading):
        let document = try reading.next()
        if document != nil { step = .text(reading) }
        return document
      case .other(var iterator):
        let document = try await iterator.next()
        if document != nil { step = .other(iterator) }
        return document
      case .failing(let error):
        throw error
      case .finished:
        return nil
      }
    }

    /// Reads a folder or a PDF in a task of its own, its parts handed over as they come from
    /// the reader.
    private func read(_ source: DocumentSource) -> AsyncThrowingStream<Document, any Error> {
      let (stream, continuation) = AsyncThrowingStream.makeStream(of: Document.self)
      let (reader, context) = (parts.opener.reader, parts.context)
      let task = Task {
        do {
          let document = try await reader.read(
            source, credential: context.credential,
            part: { part in
              // The reader hands a part over only once the password opened the PDF (see
              // `PDFReader`): until the machine hears so, it keeps a locked PDF's parts.
              context.reportCredentialAccepted()
              continuation.yield(part)
            })
          continuation.yield(document)
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
      return stream
    }
  }
}
