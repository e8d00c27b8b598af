import Foundation

/// An entry below the folder searched, named by bytes: a name need not be UTF-8, and the whole
/// path may be longer than the system takes in one call (`PATH_MAX`, 4,096 bytes on Linux).
///
/// Its system calls take the full path while it is short enough. A longer path is reached in
/// pieces: the folders on its way are opened a piece of fewer than `PATH_MAX` bytes at a time,
/// each inside the last, and the call takes the rest relative to the deepest one. Symbolic
/// links on the way are followed as a call with the whole path would follow them.
public struct EntryPath {
  /// The folder searched, as given.
  let folder: String
  /// The path below the folder, as bytes; empty for the folder itself.
  let relative: [UInt8]

  /// Creates a path.
  ///
  /// - Parameters:
  ///   - folder: The folder searched, as given.
  ///   - relative: The path below it, as bytes; empty for the folder itself.
  public init(folder: String, relative: [UInt8]) {
    self.folder = folder
    self.relative = relative
  }

  private static let separator = UInt8(ascii: "/")

  /// The path below the folder as text: bytes that are not UTF-8 become U+FFFD.
  var displayPath: String { String(decoding: relative, as: UTF8.self) }

  /// The entry's own name as text: bytes that are not UTF-8 become U+FFFD.
  var displayName: String {
    let name = relative.split(separator: Self.separator).last ?? []
    return String(decoding: name, as: UTF8.self)
  }

  /// The entry's own name, as bytes.
  var name: ArraySlice<UInt8> {
    relative[(relative.lastIndex(of: Self.separator).map { $0 + 1 } ?? 0)...]
  }

  /// The path of an entry inside this one, a folder.
  func appending(_ name: [UInt8]) -> EntryPath {
    EntryPath(
      folder: folder, relative: relative.isEmpty ? name : relative + [Self.separator] + name)
  }

  /// The entry's status, a symbolic link followed, or `nil` with `errno` set.
  func status() -> stat? {
    var status = stat()
    let result = withResolvedPath { directory, path in fstatat(directory, path, &status, 0) }
    return result == 0 ? status : nil
  }

  /// The names in the entry, a folder, as bytes, each with whether the folder lists it as a
  /// regular file; or `nil` with `errno` set when it cannot be read.
  func names() -> [(name: [UInt8], isRegularFile: Bool)]? {
    let descriptor = withResolvedPath { directory, path in
      openat(directory, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard let descriptor, descriptor >= 0, let folder = fdopendir(descriptor) else {
      return nil
    }
    defer { closedir(folder) }
    var names: [(name: [UInt8], isRegularFile: Bool)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
      guard name != Array(".".utf8), name != Array("..".utf8) else { continue }
      names.append((name, Int(entry.pointee.d_type) == Int(DT_REG)))
    }
    return names
  }

  /// A descriptor of the entry opened for reading, without blocking, or -1 with `errno` set.
  func openForReading() -> Int32 {
    withResolvedPath { directory, path in
      openat(directory, path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    } ?? -1
  }

  /// Calls `call` with a directory descriptor and a path relative to it that name the entry:
  /// the current directory and the full path when it is short enough, else the deepest folder
  /// reached on its way and the rest. Returns `nil`, with `errno` set, when a folder on the
  /// way cannot be opened.
  private func withResolvedPath<Result>(
    _ call: (_ directory: Int32, _ path: [CChar]) -> Result
  ) -> Result? {
    var rest = Array(folder.utf8)[...]
    if !relative.isEmpty { rest += [Self.separator] + relative }
    var directory = AT_FDCWD
    defer { if directory != AT_FDCWD { close(directory) } }
    while rest.count >= PATH_MAX {
      // The longest piece that ends before a separator and fits in one call.
      guard let end = rest.prefix(Int(PATH_MAX) - 1).lastIndex(of: Self.separator),
        end > rest.startIndex
      else {
        errno = ENAMETOOLONG
        return nil
      }
      let next = openat(directory, Self.cString(rest[..<end]), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard next >= 0 else { return nil }
      if directory != AT_FDCWD { close(directory) }
      directory = next
      rest = rest[rest.index(after: end)...]
    }
    return call(directory, Self.cString(rest))
  }

  /// Bytes as a C string: `CChar`s ending with a NUL.
  private static func cString(_ bytes: some Collection<UInt8>) -> [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
  }
}
