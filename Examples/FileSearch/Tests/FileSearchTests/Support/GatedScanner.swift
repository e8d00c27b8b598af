import FileSearchCore
import Foundation
import StatefulContentTesting

/// A scanner of a real folder whose scans wait at a gate before they start: a test types its
/// keystrokes, cancels or starts a page while nothing of a scan has arrived, then opens the
/// gate. The gate starts open; ``close()`` holds back the scans that start after it.
final class GatedScanner: FolderScanning, @unchecked Sendable {
  // @unchecked Sendable: `gate` is only touched under `lock`; the scanner is a value.
  private let lock = NSLock()
  private var gate = Gate<Void>()
  private let scanner: FileScanner

  /// Creates a scanner of `folder` whose gate is open.
  init(folder: String) {
    scanner = FileScanner(folder: folder)
    gate.open()
  }

  var folder: String { scanner.folder }

  /// How many scans wait at the gate.
  var waitingScans: Int { currentGate.waiterCount }

  /// Holds back the scans that start from now on, until ``open()``.
  func close() {
    lock.lock()
    defer { lock.unlock() }
    gate = Gate()
  }

  /// Lets the scans waiting at the gate start, and those that start later.
  func open() {
    currentGate.open()
  }

  private var currentGate: Gate<Void> {
    lock.lock()
    defer { lock.unlock() }
    return gate
  }

  func batches(
    matching query: String, from cursor: ScanCursor, limit: Int, flushInterval: Duration,
    elapsed: @escaping @Sendable () -> Duration
  ) -> AsyncThrowingStream<ScanBatch, any Error> {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: ScanBatch.self)
    let (gate, scanner) = (currentGate, scanner)
    let task = Task {
      do {
        try await gate.wait()
        let batches = scanner.batches(
          matching: query, from: cursor, limit: limit, flushInterval: flushInterval,
          elapsed: elapsed)
        for try await batch in batches { continuation.yield(batch) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }
}
