import Dispatch
import Foundation

extension PasswordSource {
  /// A password file's lines, read the first time one is asked for and kept for the next
  /// locked things.
  @MainActor
  final class FileLines {
    private let path: String
    private let longLine: @Sendable () -> Void
    private let failed: @Sendable (FileError) -> Void
    private var lines: [String]?

    /// Creates the reader; nothing is opened yet.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - longLine: Told that a line longer than ``maximumLineLength`` ended the list.
    ///   - failed: Told why the file could not be read.
    nonisolated init(
      path: String, longLine: @escaping @Sendable () -> Void,
      failed: @escaping @Sendable (FileError) -> Void
    ) {
      self.path = path
      self.longLine = longLine
      self.failed = failed
    }

    /// The line at `index`, reading the file first if needed; `nil` past the end of the list.
    func line(at index: Int) async -> String? {
      let lines = await readIfNeeded()
      return lines.indices.contains(index) ? lines[index] : nil
    }

    private func readIfNeeded() async -> [String] {
      if let lines { return lines }
      let path = path
      // Off the main actor: opening a FIFO blocks until its writer comes.
      let result = await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
          continuation.resume(
            returning: Result { () throws(FileError) in try PasswordSource.readLines(of: path) })
        }
      }
      var read: [String]
      switch result {
      case .success(let all):
        read = Array(all.prefix { !$0.isEmpty })
        if let long = read.firstIndex(where: { $0.utf8.count > maximumLineLength }) {
          read.removeSubrange(long...)
          longLine()
        }
      case .failure(let error):
        read = []
        failed(error)
      }
      lines = read
      return read
    }
  }

  /// The lines of standard input, read as far as needed and kept for the next locked things.
  @MainActor
  final class InputLines {
    private let read: @Sendable (Int) -> Data
    private let longLine: @Sendable () -> Void
    /// The complete lines read so far, up to the first empty one.
    private var lines: [String] = []
    /// Bytes read after the last complete line.
    private var pending: [UInt8] = []
    private var isFinished = false

    /// Creates the reader; nothing is read yet.
    ///
    /// - Parameters:
    ///   - read: Reads up to a number of bytes; empty data is the end.
    ///   - longLine: Told that a line longer than ``maximumLineLength`` ended the list.
    nonisolated init(
      read: @escaping @Sendable (Int) -> Data, longLine: @escaping @Sendable () -> Void
    ) {
      self.read = read
      self.longLine = longLine
    }

    /// The line at `index`, reading more of standard input if needed; `nil` past the end or
    /// past the first empty line.
    func line(at index: Int) async -> String? {
      while lines.count <= index, !isFinished {
        let read = self.read
        let chunk = await withCheckedContinuation { continuation in
          DispatchQueue.global().async { continuation.resume(returning: read(4096)) }
        }
        if chunk.isEmpty {
          finish()
        } else {
          take(chunk)
        }
      }
      return lines.indices.contains(index) ? lines[index] : nil
    }

    private func take(_ chunk: Data) {
      for byte in chunk where !isFinished {
        if byte == UInt8(ascii: "\n") {
          endLine()
        } else {
          pending.append(byte)
          // No password is that long: the rest of standard input is not a list of passwords.
          if pending.count > maximumLineLength {
            pending.removeAll()
            isFinished = true
            longLine()
          }
        }
      }
    }

    private func endLine() {
      if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
      let line = String(decoding: pending, as: UTF8.self)
      pending.removeAll(keepingCapacity: true)
      // The list ends at its first empty line.
      if line.isEmpty { isFinished = true } else { lines.append(line) }
    }

    /// The end of standard input: a last line without a line feed counts.
    private func finish() {
      if !pending.isEmpty { endLine() }
      isFinished = true
    }
  }
}
