import Foundation

/// Reads regular files for a scan into one buffer, reused from file to file, within the
/// scan's limits: a binary file is read no further than its first block, a file over the size
/// limit not at all.
///
/// A reader belongs to one scan on one thread.
///
/// ```swift
/// let reader = FileReader(limits: FileScanner.Limits())
/// let size = reader.withContents(of: path) { contents in
///   if case .text(let bytes) = contents { bytes.count } else { 0 }
/// }
/// ```
final class FileReader {
  /// What a file holds, for a search.
  enum Contents {
    /// Text within the size limit: the file's bytes, valid only inside the call that gets
    /// them.
    case text(UnsafeRawBufferPointer)
    /// Nothing to search by contents: the file is binary (a NUL among its first
    /// ``FileScanner/Limits/binaryProbeSize`` bytes), over the size limit, unreadable, or no
    /// longer a regular file.
    case nameOnly
  }

  /// How much of a file is read.
  let limits: FileScanner.Limits
  /// The bytes of the file read last; its count is the space to read into.
  private var buffer: [UInt8] = []

  /// Creates a reader; its buffer grows to the largest file it reads.
  ///
  /// - Parameter limits: The largest file read, and how many first bytes make it binary.
  init(limits: FileScanner.Limits) {
    self.limits = limits
  }

  /// Reads a file and calls `body` with what it holds.
  ///
  /// The file is opened without blocking, so that a FIFO that took its place cannot hold the
  /// scan up, and read to its end — one byte more than its size, to see that it ends there.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - body: Receives the file's contents; the bytes are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withContents<Result>(of path: EntryPath, _ body: (Contents) throws -> Result) rethrows
    -> Result
  {
    let descriptor = path.openForReading()
    guard descriptor >= 0 else { return try body(.nameOnly) }
    defer { close(descriptor) }
    guard let count = read(descriptor) else { return try body(.nameOnly) }
    return try buffer.withUnsafeBytes { try body(.text(UnsafeRawBufferPointer(rebasing: $0[..<count]))) }
  }

  /// Reads an open file into the buffer; returns how many bytes it holds, or `nil` when it is
  /// not a regular file, cannot be read, is binary, or is over the size limit.
  private func read(_ descriptor: Int32) -> Int? {
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    reserve(min(Int(status.st_size), limits.maximumFileSize) + 1)
    var count = 0
    var isProbed = false
    while count <= limits.maximumFileSize {
      if count == buffer.count { reserve(min(2 * count, limits.maximumFileSize + 1)) }
      // The first block alone, so that a binary file is read no further.
      let wanted = isProbed ? buffer.count - count : min(buffer.count - count, firstBlock)
      let read = buffer.withUnsafeMutableBytes { space in
        Foundation.read(descriptor, space.baseAddress.map { $0 + count }, wanted)
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { return nil }
      count += read
      if read == 0 || (!isProbed && count >= limits.binaryProbeSize) {
        if !isProbed && isBinary(count) { return nil }
        isProbed = true
      }
      if read == 0 { return count }
    }
    // The file grew past the limit since its size was read.
    return nil
  }

  /// Whether a NUL byte is among the first bytes of the `count` read.
  private func isBinary(_ count: Int) -> Bool {
    buffer.withUnsafeBytes { bytes in
      UnsafeRawBufferPointer(rebasing: bytes[..<min(count, limits.binaryProbeSize)])
        .firstIndex(of: 0, from: 0) != nil
    }
  }

  /// How much a first read asks for: at least the bytes that say whether a file is binary.
  private var firstBlock: Int { max(limits.binaryProbeSize, 64 << 10) }

  /// Makes the buffer hold at least `size` bytes, keeping those it holds.
  private func reserve(_ size: Int) {
    if buffer.count < size { buffer += repeatElement(0, count: size - buffer.count) }
  }
}
