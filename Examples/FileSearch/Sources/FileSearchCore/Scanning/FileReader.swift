import Foundation

/// Reads regular files for a scan into one buffer, reused from file to file, within the
/// scan's limits: a binary file is read no further than its first block, a file over the size
/// limit not at all.
///
/// A reader belongs to one scan on one thread.
///
/// ```swift
/// let reader = FileReader(limits: FileScanner.Limits())
/// let size = reader.withContents(of: FileReader.open(path)) { contents in
///   if case .text(let bytes) = contents { bytes.count } else { 0 }
/// }
/// ```
public final class FileReader {
  /// What a file holds, for a search.
  public enum Contents {
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
  public init(limits: FileScanner.Limits) {
    self.limits = limits
  }

  /// A regular file opened for reading, and its size in bytes.
  public struct OpenFile {
    /// The file's descriptor; whoever opened the file closes it.
    public var descriptor: Int32
    /// The file's size when it was opened, in bytes.
    public var size: Int
  }

  /// Opens a regular file for reading, without blocking, so that a FIFO that took its place
  /// cannot hold the scan up.
  ///
  /// - Parameter path: The file.
  /// - Returns: The open file, or `nil` (`errno` set when it could not be opened) when it
  ///   could not be opened or is not a regular file.
  public static func open(_ path: EntryPath) -> OpenFile? {
    let descriptor = path.openForReading()
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return nil
    }
    return OpenFile(descriptor: descriptor, size: Int(status.st_size))
  }

  /// Reads an open file, closes it, and calls `body` with what it holds.
  ///
  /// A file is read to its end — one byte more than its size, to see that it ends there —
  /// unless it is over the size limit, or binary once its first block is read.
  ///
  /// - Parameters:
  ///   - file: The file, or `nil` for one that could not be opened.
  ///   - body: Receives the file's contents; the bytes are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func withContents<Result>(of file: OpenFile?, _ body: (Contents) throws -> Result) rethrows
    -> Result
  {
    guard let file else { return try body(.nameOnly) }
    let count = file.size <= limits.maximumFileSize ? read(file) : nil
    close(file.descriptor)
    guard let count else { return try body(.nameOnly) }
    return try buffer.withUnsafeBytes {
      try body(.text(UnsafeRawBufferPointer(rebasing: $0[..<count])))
    }
  }

  /// Reads an open file into the buffer; returns how many bytes it holds, or `nil` when it
  /// cannot be read, is binary, or is over the size limit.
  private func read(_ file: OpenFile) -> Int? {
    reserve(min(file.size, limits.maximumFileSize) + 1)
    var count = 0
    var isProbed = false
    while count <= limits.maximumFileSize {
      if count == buffer.count { reserve(min(2 * count, limits.maximumFileSize + 1)) }
      // The first block alone, so that a binary file is read no further.
      let wanted = isProbed ? buffer.count - count : min(buffer.count - count, firstBlock)
      let read = buffer.withUnsafeMutableBytes { space in
        Foundation.read(file.descriptor, space.baseAddress.map { $0 + count }, wanted)
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { return nil }
      count += read
      // Probed as soon as the first bytes are in, or all of them, as far as the size says.
      if read == 0 || (!isProbed && count >= min(limits.binaryProbeSize, file.size)) {
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
