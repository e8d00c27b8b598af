import StatefulContentTerminal

/// The texts of the viewer, one case per template; its tables, in `ViewerText+English.swift`,
/// `+German.swift` and `+French.swift`, map each to its text in a language.
public enum ViewerText: String, ToolStringKey {
  /// The tables by language code.
  public static let tables = ["en": englishTable, "de": germanTable, "fr": frenchTable]

  /// The help of `--help`, ending with a line feed.
  case usage
  /// The line under a usage error: "Run 'document-viewer --help' for usage."
  case usageHint
  /// A usage error: "invalid delay '{value}': …", with the `{maximum}`.
  case invalidDelay
  /// A usage error: "--forget takes one FILE and no other option or PATH".
  case forgetTakesOneFile
  /// "document-viewer: forgot the password remembered for '{file}'."
  case forgotPassword
  /// "document-viewer: no password was remembered for '{file}'."
  case nothingRemembered
  /// "document-viewer: cannot forget the password of '{file}': {reason}" (the file).
  case forgetUnreadable
  /// The note of `--forget` without keyctl: `{file}` and the `{package}` to install.
  case keyctlMissing
  /// "document-viewer: the kernel keyring refused to forget …'{file}': {reason}".
  case keyringRefused
  /// A usage error: "invalid time '{value}' for --remember-for: …", with the `{maximum}`.
  case invalidRememberTime
  /// "document-viewer: cannot write the sample documents: {reason}".
  case samplesUnwritable
  /// The note of a tour without the PDF tools: `{tools}` and their `{packages}`.
  case skippingPDFSamples
  /// "(the tour types the password '{password}')".
  case tourTypesPassword
  /// The note after Ctrl-C cancelled a load.
  case interruptNote
  /// "Cancelled: '{name}' was not opened."
  case cancelled
  /// The loading placeholder's title: "Opening {name}…".
  case openingTitle
  /// The empty placeholder's title for a folder: "Empty Folder".
  case emptyFolderTitle
  /// "'{name}' has no entries."
  case emptyFolderMessage
  /// The empty placeholder's title for a PDF: "No text in this document".
  case noTextTitle
  /// "'{name}' has no text layer; it may be a scan."
  case noTextMessage
  /// The empty placeholder's title for a file: "Empty File".
  case emptyFileTitle
  /// "'{name}' contains no text."
  case emptyFileMessage
  /// The locked placeholder's message: "'{name}' is protected by a password."
  case lockedMessage
  /// The error title after too many wrong passwords: "Too Many Attempts".
  case titleTooManyAttempts
  /// The error title of a missing path: "Not Found".
  case titleNotFound
  /// The error title of an unreadable path: "Cannot Read".
  case titleCannotRead
  /// The error title of a FIFO, socket or device: "Unsupported File".
  case titleUnsupportedFile
  /// The error title of a binary file: "Not a Text File".
  case titleNotText
  /// The error title of a PDF without its tools: "PDF Tools Missing".
  case titleToolsMissing
  /// The error title of a damaged PDF: "Cannot Read PDF".
  case titleCannotReadPDF
  /// The error title of any other error: "Cannot Open".
  case titleCannotOpen
  /// "Cannot open '{path}': no file or folder exists at this path."
  case errorNotFound
  /// "Cannot read '{path}': {reason}."
  case errorUnreadable
  /// "Cannot open '{path}': it is {type}, not a file or folder."
  case errorUnsupportedFileType
  /// "Cannot show '{path}': … a NUL byte at offset {offset})."
  case errorContainsNUL
  /// "Cannot show '{path}': … not valid UTF-8 at offset {offset})."
  case errorInvalidUTF8
  /// "Cannot open the PDF '{path}': {tools} not found on PATH. …", with `{packages}` and `{command}`.
  case errorToolsMissing
  /// "Cannot read the PDF '{path}': {tool}: {reason}".
  case errorPDFUnreadable
  /// "a FIFO", the `{type}` of ``errorUnsupportedFileType``.
  case fileTypeFIFO
  /// "a socket".
  case fileTypeSocket
  /// "a character device".
  case fileTypeCharacterDevice
  /// "a block device".
  case fileTypeBlockDevice
  /// "a special file".
  case fileTypeSpecial
  /// "{count} line".
  case lineOne
  /// "{count} lines".
  case lineOther
  /// "{count} entry".
  case entryOne
  /// "{count} entries".
  case entryOther
  /// "{count} page".
  case pageOne
  /// "{count} pages".
  case pageOther
  /// "{count} byte".
  case byteOne
  /// "{count} bytes".
  case byteOther
  /// A text file's size: "{lines}, {size}".
  case summaryText
  /// A PDF's size: "{pages}, {lines} of text".
  case summaryPDF
  /// "first {shown} of {lines} in the first {size}; not read to the end".
  case partialText
  /// "first {shown} of {summary} listed; not read to the end".
  case partialDirectory
  /// "first {shownLines}: {shownPages}; {lines} of text in the first {readPages}; …".
  case partialPDF
  /// "page": ``partialPDF``'s `{readPages}` for one page.
  case readPagesOne
  /// "{count} pages": ``partialPDF``'s `{readPages}`.
  case readPagesOther
  /// "first {shown} of {summary}".
  case truncated
  /// "first {shownLines}: {shownPages} of {pageCount}, {lines} of text".
  case truncatedPDF
  /// "page 1".
  case shownPagesOne
  /// "pages 1–{count}".
  case shownPagesOther
  /// A tour's heading: "{title}: {name}".
  case tourHeading
  /// The tour's heading "A text file".
  case sampleText
  /// "A folder".
  case sampleFolder
  /// "A large file, shown as it is read".
  case sampleLarge
  /// "An empty file".
  case sampleEmptyFile
  /// "An empty folder".
  case sampleEmptyFolder
  /// "A missing file".
  case sampleMissing
  /// "A path through a file".
  case samplePathThroughFile
  /// "A binary file".
  case sampleBinary
  /// "A PDF with text".
  case samplePDF
  /// "A PDF without text (a scan)".
  case sampleScan
  /// "A damaged PDF".
  case sampleDamaged
  /// "A password-protected PDF (password: {password})".
  case sampleLocked
  /// "A PDF with only an owner password".
  case sampleOwnerOnly
}
