#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``ContentCache`` in files: each key's content as JSON in a file of its own, in one folder.
///
/// A file holds its format's name, the ``formatVersion``, the key, when it was saved and the
/// content. It is written whole to a temporary file in the same folder, then renamed over the
/// old one (`Data.write(to:options:)` with `.atomic`), so a crash or a full disk leaves the
/// content saved before, never half a file. The folder is made on the first save, readable by
/// its owner only.
///
/// A read is a miss (`nil`) — never an error, never a crash — when there is no file, when it
/// cannot be read (a folder, a link, a pipe or a device in its place, no permission), when it
/// is larger than ``maximumFileSize``, when it is corrupt or truncated, when
/// it was written by another format or another ``formatVersion`` (raise the version when the
/// content's type changes, so that old files are misses rather than wrong content), when it
/// names another key, or when it is older than ``maximumAge`` (or saved later than now by more
/// than that, by a clock that was wrong).
///
/// ```swift
/// let cache = FileContentCache<[Message]>(
///   directory: cacheFolder + "/inbox", maximumAge: .seconds(7 * 86_400))
/// try await cache.save(messages, for: "inbox")
/// let cached = await cache.content(for: "inbox")  // the messages, and when they were saved
/// ```
///
/// Reading and writing block the calling thread for as long as the file takes: keep the
/// content to what a screen shows (a page of a feed, not a library of files). The files are
/// written with the process's default permissions, in a folder the cache makes readable by its
/// owner only; a folder that exists keeps its own. A rename is atomic but not flushed to disk
/// (no `fsync`): after a power loss a file may be empty, which reads as a miss.
public struct FileContentCache<Value: Codable & Sendable>: ContentCache {
  /// The folder of the files.
  public let directory: String
  /// The version of the content's encoding; a file of another version is a miss.
  public let formatVersion: Int
  /// The age beyond which saved content is a miss, or `nil` to keep it however old.
  public let maximumAge: Duration?
  /// The largest file read or written, in bytes; a larger file is a miss, and a larger save
  /// throws ``TooLarge``.
  public let maximumFileSize: Int
  private let now: @Sendable () -> Date

  /// The name every file of this type carries, so that a file of something else is a miss.
  static var formatName: String { "StatefulContent.FileContentCache" }

  /// Creates a cache in a folder.
  ///
  /// - Parameters:
  ///   - directory: The folder of the files, made on the first save, such as
  ///     `$XDG_CACHE_HOME/my-tool`. Give each type of content a folder of its own.
  ///   - formatVersion: The version of the content's encoding. Defaults to 1.
  ///   - maximumAge: The age beyond which content is a miss. Defaults to `nil`: no limit.
  ///   - maximumFileSize: The largest file read or written, in bytes. Defaults to 16 MiB.
  ///   - now: The wall clock, for when content is saved and how old it is. Defaults to
  ///     `Date()`; tests pass a fixed one.
  public init(
    directory: String, formatVersion: Int = 1, maximumAge: Duration? = nil,
    maximumFileSize: Int = 16 << 20, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.directory = directory
    self.formatVersion = formatVersion
    self.maximumAge = maximumAge
    self.maximumFileSize = maximumFileSize
    self.now = now
  }

  /// The content saved for a key, or `nil` for a miss (see the type's description).
  ///
  /// - Parameter key: The content's key.
  /// - Returns: The content and when it was saved, or `nil`.
  public func content(for key: String) async -> CachedContent<Value>? {
    let path = path(for: key)
    guard Self.isRegularFile(path, atMost: maximumFileSize),
      let data = FileManager.default.contents(atPath: path),
      let header = try? JSONDecoder().decode(Header.self, from: data),
      header.format == Self.formatName, header.version == formatVersion, header.key == key,
      let file = try? JSONDecoder().decode(File.self, from: data)
    else { return nil }
    let cached = CachedContent(
      value: file.value, savedAt: Date(timeIntervalSince1970: file.savedAt))
    if let maximumAge {
      let now = now()
      let ahead = Duration.seconds(max(cached.savedAt.timeIntervalSince(now), 0).rounded(.up))
      if cached.age(at: now) > maximumAge || ahead > maximumAge { return nil }
    }
    return cached
  }

  /// Saves content for a key: written whole to a temporary file, then renamed over the old.
  ///
  /// - Parameters:
  ///   - value: The content of a successful load.
  ///   - key: The content's key.
  /// - Throws: `EncodingError` when the content cannot be encoded; ``TooLarge`` when its file
  ///   would be larger than ``maximumFileSize``; the file system's error when the folder cannot
  ///   be made or the file written. What was saved before stays whole.
  public func save(_ value: Value, for key: String) async throws {
    let file = File(
      format: Self.formatName, version: formatVersion, key: key,
      savedAt: now().timeIntervalSince1970, value: value)
    let data = try JSONEncoder().encode(file)
    guard data.count <= maximumFileSize else {
      throw TooLarge(byteCount: data.count, maximumFileSize: maximumFileSize)
    }
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try data.write(to: URL(fileURLWithPath: path(for: key)), options: .atomic)
  }

  /// Forgets the content saved for a key; nothing happens when there is none.
  ///
  /// - Parameter key: The content's key.
  /// - Throws: The file system's error when the file exists but cannot be removed.
  public func removeContent(for key: String) async throws {
    let path = path(for: key)
    guard FileManager.default.fileExists(atPath: path) else { return }
    try FileManager.default.removeItem(atPath: path)
  }

  /// The file of a key: its UTF-8 bytes in hexadecimal (no key can name a path outside the
  /// folder), or for a key of more than 100 bytes their 64-bit FNV-1a hash — the file names
  /// its key, so two keys of one hash are misses, not each other's content.
  ///
  /// - Parameter key: The content's key.
  /// - Returns: The file's path.
  public func path(for key: String) -> String {
    let bytes = Array(key.utf8)
    let name: String
    if bytes.count <= 100 {
      name = "k" + bytes.map { hex($0) }.joined()
    } else {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325
      for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      name = "h" + String(hash, radix: 16)
    }
    return directory + "/" + name + ".json"
  }

  private func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return byte < 16 ? "0" + digits : digits
  }

  /// Whether a path names a regular file (not a link, a folder, a pipe or a device) of at most
  /// `maximumSize` bytes.
  private static func isRegularFile(_ path: String, atMost maximumSize: Int) -> Bool {
    var status = stat()
    guard lstat(path, &status) == 0 else { return false }
    return status.st_mode & S_IFMT == S_IFREG && Int(status.st_size) <= maximumSize
  }

  /// Content whose file would be larger than ``FileContentCache/maximumFileSize``.
  public struct TooLarge: Error, Hashable, Sendable, CustomStringConvertible {
    /// The size of the file the content would take, in bytes.
    public var byteCount: Int
    /// The largest file the cache writes, in bytes.
    public var maximumFileSize: Int

    /// Says how large the content is and what the limit is.
    public var description: String {
      "the content takes \(byteCount) bytes, over the cache's limit of \(maximumFileSize)"
    }
  }

  /// What a file holds before its content: enough to tell a miss without decoding the content.
  private struct Header: Decodable {
    var format: String
    var version: Int
    var key: String
  }

  /// A file: its header, when it was saved (seconds since 1970) and the content.
  private struct File: Codable {
    var format: String
    var version: Int
    var key: String
    var savedAt: Double
    var value: Value
  }
}
