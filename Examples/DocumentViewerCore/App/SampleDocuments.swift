import Foundation
import StatefulContent
import StatefulContentTerminal

/// The documents of the sample tour, generated on disk so that every state comes from real
/// input: content, loading with progress, empty, error and locked.
///
/// The samples are written at run time rather than bundled, so that the tour works the same
/// from `swift run` and from a copied binary. The PDFs are written by ``MinimalPDF``; the
/// protected ones are encrypted by qpdf (see ``PDFTools/encrypt(_:to:userPassword:ownerPassword:)``).
public enum SampleDocuments {
  /// One stop of the tour.
  public struct Sample: Hashable, Sendable {
    /// What the sample shows, such as `An empty file`.
    public var title: String
    /// The sample's path inside the samples directory, such as `empty.txt`.
    public var name: String
    /// The path to open.
    public var path: String
    /// The kind of state the sample ends in.
    public var expectedKind: ContentState.Kind
    /// The password the tour unlocks the sample with, or `nil` when it is not locked.
    public var password: String?

    /// Creates a sample.
    ///
    /// - Parameters:
    ///   - title: What the sample shows.
    ///   - name: The sample's path inside the samples directory.
    ///   - path: The path to open.
    ///   - expectedKind: The kind of state the sample ends in.
    ///   - password: The password that unlocks it, or `nil`. Defaults to `nil`.
    public init(
      title: String, name: String, path: String, expectedKind: ContentState.Kind,
      password: String? = nil
    ) {
      self.title = title
      self.name = name
      self.path = path
      self.expectedKind = expectedKind
      self.password = password
    }

    /// The kinds of state the tour presents for the sample, in order: loading and the
    /// expected kind, with `locked` and `loading` in between for a locked sample.
    public var expectedKinds: [ContentState.Kind] {
      password == nil ? [.loading, expectedKind] : [.loading, .locked, .loading, expectedKind]
    }
  }

  /// The size of the generated large file: 5 MiB.
  public static let largeFileByteCount = 5 << 20

  /// The password of the tour's locked PDF; the tour prints it and types it in itself.
  public static let lockedPDFPassword = "tour-secret"

  /// Writes the sample documents into a directory and returns the tour.
  ///
  /// The tour opens, in order: a text file, a folder, a large file shown as it is read, an empty
  /// file, an empty folder, a missing file, a path that cannot be followed (its parent is a
  /// file) and a binary file; then, when `pdfTools` are installed, a PDF with text, a PDF
  /// without text, a damaged PDF, a PDF locked with ``lockedPDFPassword`` and a PDF with only
  /// an owner password.
  ///
  /// - Parameters:
  ///   - directory: The directory to write the samples in; it is created if needed.
  ///   - largeFileByteCount: The size of the large file. Defaults to
  ///     ``largeFileByteCount``.
  ///   - pdfTools: The tools that encrypt and read PDFs; without them the PDF samples are
  ///     left out.
  ///   - strings: The language of the samples' titles. Defaults to English.
  /// - Returns: The samples, in tour order.
  /// - Throws: The file system's error when a sample cannot be written, or
  ///   ``PDFTools/EncryptionError`` when qpdf fails to encrypt one.
  public static func create(
    in directory: URL, largeFileByteCount: Int = largeFileByteCount,
    pdfTools: PDFTools = PDFTools(), strings: ViewerStrings = .english
  ) async throws -> [Sample] {
    let manager = FileManager.default
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    func write(_ name: String, _ bytes: some Sequence<UInt8>) throws {
      try Data(bytes).write(to: directory.appendingPathComponent(name))
    }
    func folder(_ name: String) throws {
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: path(name), isDirectory: &isFolder), isFolder.boolValue {
        return
      }
      try manager.createDirectory(atPath: path(name), withIntermediateDirectories: false)
    }
    func sample(
      _ title: ViewerText, _ name: String, _ kind: ContentState.Kind,
      password: String? = nil
    ) -> Sample {
      Sample(
        title: strings.text(title, ["password": password ?? ""]), name: name, path: path(name),
        expectedKind: kind, password: password)
    }

    // No folder is made again once made: when a signal quits the viewer and removes its
    // samples while they are written, what comes after fails instead of leaving folders.
    if !manager.fileExists(atPath: directory.path) {
      try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    try write("welcome.txt", welcomeText.utf8)
    try folder("folder")
    try folder("folder/chapters")
    for (name, text) in folderFiles { try write("folder/\(name)", text.utf8) }
    try write("large.txt", largeText(byteCount: largeFileByteCount))
    try write("empty.txt", [])
    try folder("empty-folder")
    try write("image.bin", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])

    var samples = [
      sample(.sampleText, "welcome.txt", .content),
      sample(.sampleFolder, "folder", .content),
      sample(.sampleLarge, "large.txt", .content),
      sample(.sampleEmptyFile, "empty.txt", .empty),
      sample(.sampleEmptyFolder, "empty-folder", .empty),
      sample(.sampleMissing, "missing.txt", .error),
      sample(.samplePathThroughFile, "welcome.txt/notes.txt", .error),
      sample(.sampleBinary, "image.bin", .error),
    ]
    guard pdfTools.areInstalled else { return samples }

    let report = MinimalPDF.document(pages: pdfPages)
    try write("report.pdf", report)
    try write("scan.pdf", MinimalPDF.document(pages: [[], []]))
    // Cut off before its cross-reference table: poppler cannot rebuild it.
    try write("damaged.pdf", report.prefix(report.count / 3))
    try await pdfTools.encrypt(
      path("report.pdf"), to: path("locked.pdf"), userPassword: lockedPDFPassword,
      ownerPassword: "tour-owner")
    try await pdfTools.encrypt(
      path("report.pdf"), to: path("owner-only.pdf"), userPassword: "",
      ownerPassword: "tour-owner")
    samples += [
      sample(.samplePDF, "report.pdf", .content),
      sample(.sampleScan, "scan.pdf", .empty),
      sample(.sampleDamaged, "damaged.pdf", .error),
      sample(.sampleLocked, "locked.pdf", .content, password: lockedPDFPassword),
      sample(.sampleOwnerOnly, "owner-only.pdf", .content),
    ]
    return samples
  }

  /// Numbered lines of text, exactly `byteCount` bytes long and ending with a line feed.
  ///
  /// - Parameter byteCount: The number of bytes to generate; 0 or less generates none.
  /// - Returns: UTF-8 text; its last line may be cut short.
  public static func largeText(byteCount: Int) -> [UInt8] {
    guard byteCount > 0 else { return [] }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(byteCount + 80)
    var number = 1
    while bytes.count < byteCount {
      bytes += "Line \(number): the quick brown fox jumps over the lazy dog.\n".utf8
      number += 1
    }
    bytes.removeLast(bytes.count - byteCount)
    bytes[byteCount - 1] = UInt8(ascii: "\n")
    return bytes
  }

  private static let welcomeText = """
    Welcome to document-viewer.

    This file is shown as content: it exists, it is text, and it is not empty.
    The other samples of the tour show the other states of StatefulContent:
    a large file shows its first screen at once and the rest loads under it
    with a progress bar, an empty file or folder is empty, a missing,
    unreadable or binary file is an error with a Retry action,
    and a password-protected PDF is locked until its password is given.

    """

  private static let folderFiles = [
    ("README.md", "# Folder\n\nA folder is listed with its entries sorted by name.\n"),
    ("notes.txt", "Notes.\n"),
    ("chapters/1-introduction.txt", "Chapter 1.\n"),
    ("Todo.txt", "- Read the large file.\n"),
  ]

  private static let pdfPages = [
    ["Quarterly report", "", "Revenue grew in every region.", "Costs stayed flat."],
    ["Page two", "", "The outlook is good."],
  ]
}
