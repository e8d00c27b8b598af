// The viewer's texts in English: the language of its sources, and the one a table falls back
// to. Paths and names are quoted in single quotes, which paste into a shell.
extension ViewerText {
  /// The English templates.
  static let englishTable: [ViewerText: String] = [
    .usage: """
    USAGE: document-viewer [--timeline [--explain]] [--speak] [--announce]
                           [--delay MS] [--password-file FILE]
                           [--remember | --remember-for SECONDS] [PATH ...]
           document-viewer --forget FILE

    Opens text files, folders and PDFs and shows their first screenful, or a
    placeholder saying why there is none: loading, empty, error (with a Retry
    action) or locked (a password-protected PDF, until the right password is
    given). The first screenful of a text file or a PDF's text shows as soon as it
    is read; the rest is read under it, with a progress bar for large files. With
    no PATH, tours generated sample documents that show every state.

    PDFs are read with pdftotext (package poppler-utils) and qpdf (package qpdf).

    OPTIONS:
      --timeline            Print one line per change of state, "<milliseconds>
                            <state> <document>", instead of rendering the
                            documents; the document is the PATH as given (a
                            sample's name in the tour). A locked PDF opened with a
                            password prints "loading", "locked", then "loading"
                            and "content" (or "locked" again for a wrong password).
                            The lines are in English whatever the language.
      --explain             With --timeline, end each line with "because" and the
                            reason for its state, from the rule that decided it:
                            "0 loading README.md because rule 3: a load runs, no
                            content yet". In English too; no password shows.
      --speak               Speak each change of state through espeak-ng (package
                            espeak-ng), in the language of the messages; a newer
                            announcement stops one still being spoken. Without
                            espeak-ng the viewer says so and goes on silently.
      --announce            Write what would be spoken to standard error, one line
                            per announcement: "announce: <text>".
      --delay MS            Wait MS milliseconds (a whole number, 0 or more) before
                            reading each document, to show the loading state; the
                            loading placeholder then appears after 150 ms and stays
                            at least 400 ms.
      --password-file FILE  Read passwords for locked PDFs from FILE, one per line,
                            each tried once in order. Without it, a terminal prompts
                            (without echo) and asks again after a wrong password; a
                            pipe on standard input is read like FILE. An empty line
                            or the end of input stops asking: the PDF stays locked.
                            FILE (a FIFO, <(...)) is opened only when a PDF first
                            needs a password. A line longer than 1024 bytes is no
                            password: it ends the list, and no more is read.
                            After 3 wrong passwords the PDF is an error; its Retry
                            opens it locked again.
      --remember            Keep the password that unlocks a PDF in the user's
                            kernel keyring (keyctl, package keyutils), under the
                            PDF's own /ID (or a SHA-256 of its bytes): the same PDF
                            renamed or copied opens without asking. The key lives
                            in kernel memory, never in a file, as long as any
                            process of the user runs. Without --remember, a
                            remembered password is still tried and nothing new is
                            kept; one that no longer opens the PDF is forgotten.
                            Without keyctl, or when the keyring refuses, a note
                            says so and the viewer asks as before. Not in the tour.
      --remember-for SECONDS
                            Like --remember, and the key expires after SECONDS
                            (1 to 31536000).
      --forget FILE         Remove the password remembered for the PDF FILE from
                            the user's kernel keyring (keyctl, package keyutils),
                            found by the PDF's own /ID (or a SHA-256 of its bytes),
                            so a renamed or copied FILE is the same. Exits 0, also
                            when none was remembered; 1 without keyctl or when the
                            keyring refuses. No other option goes with it.
      -h, --help            Show this message and exit.
      --                    Treat every following argument as a PATH.

    Messages are in English, German or French, as LC_ALL, LC_MESSAGES or LANG
    say (LANG=de_DE.UTF-8, LANG=fr_FR.UTF-8), with GNU LANGUAGE first when it is
    set; any other language is English.

    Ctrl-C while a document loads cancels the load and shows what was shown before;
    once its first screenful is shown, it stops the reading and keeps that screen.
    A second Ctrl-C, or one while nothing loads or output waits for its reader,
    quits with status 130.

    The exit status is 0 whatever the documents' states, 1 when the password file
    or the sample documents cannot be read or written, 2 for bad usage, 130 after
    Ctrl-C, 143 after SIGTERM, 129 after SIGHUP, and 141 when nobody reads the
    output any more (the viewer stops at its next write).

    """,
    .usageHint: "Run 'document-viewer --help' for usage.",
    .invalidDelay:
      "invalid delay '{value}': expected a whole number of milliseconds, from 0 to {maximum}",
    .forgetTakesOneFile: "--forget takes one FILE and no other option or PATH",
    .forgotPassword: "document-viewer: forgot the password remembered for '{file}'.",
    .nothingRemembered: "document-viewer: no password was remembered for '{file}'.",
    .forgetUnreadable: "document-viewer: cannot forget the password of '{file}': {reason}",
    .keyctlMissing:
      "document-viewer: cannot forget the password of '{file}': keyctl was not found on "
      + "PATH; install {package} to remember passwords.",
    .keyringRefused:
      "document-viewer: the kernel keyring refused to forget the password of '{file}': "
      + "{reason}",
    .invalidRememberTime:
      "invalid time '{value}' for --remember-for: expected a whole number of seconds, from 1 "
      + "to {maximum}",
    .samplesUnwritable: "document-viewer: cannot write the sample documents: {reason}",
    .skippingPDFSamples:
      "document-viewer: skipping the PDF samples: {tools} not found on PATH; install {packages} "
      + "to see them.",
    .tourTypesPassword: "(the tour types the password '{password}')",
    .interruptNote: "document-viewer: cancelled; press Ctrl-C again to quit.",
    .cancelled: "Cancelled: '{name}' was not opened.",
    .openingTitle: "Opening {name}…",
    .emptyFolderTitle: "Empty Folder",
    .emptyFolderMessage: "'{name}' has no entries.",
    .noTextTitle: "No text in this document",
    .noTextMessage: "'{name}' has no text layer; it may be a scan.",
    .emptyFileTitle: "Empty File",
    .emptyFileMessage: "'{name}' contains no text.",
    .lockedMessage: "'{name}' is protected by a password.",
    .titleTooManyAttempts: "Too Many Attempts",
    .titleNotFound: "Not Found",
    .titleCannotRead: "Cannot Read",
    .titleUnsupportedFile: "Unsupported File",
    .titleNotText: "Not a Text File",
    .titleToolsMissing: "PDF Tools Missing",
    .titleCannotReadPDF: "Cannot Read PDF",
    .titleCannotOpen: "Cannot Open",
    .errorNotFound: "Cannot open '{path}': no file or folder exists at this path.",
    .errorUnreadable: "Cannot read '{path}': {reason}.",
    .errorUnsupportedFileType: "Cannot open '{path}': it is {type}, not a file or folder.",
    .errorContainsNUL:
      "Cannot show '{path}': it is not a text file (it contains a NUL byte at offset {offset}).",
    .errorInvalidUTF8:
      "Cannot show '{path}': it is not a text file (it is not valid UTF-8 at offset {offset}).",
    .errorToolsMissing:
      "Cannot open the PDF '{path}': {tools} not found on PATH. Install {packages} ({command}).",
    .errorPDFUnreadable: "Cannot read the PDF '{path}': {tool}: {reason}",
    .fileTypeFIFO: "a FIFO",
    .fileTypeSocket: "a socket",
    .fileTypeCharacterDevice: "a character device",
    .fileTypeBlockDevice: "a block device",
    .fileTypeSpecial: "a special file",
    .lineOne: "{count} line",
    .lineOther: "{count} lines",
    .entryOne: "{count} entry",
    .entryOther: "{count} entries",
    .pageOne: "{count} page",
    .pageOther: "{count} pages",
    .byteOne: "{count} byte",
    .byteOther: "{count} bytes",
    .summaryText: "{lines}, {size}",
    .summaryPDF: "{pages}, {lines} of text",
    .partialText: "first {shown} of {lines} in the first {size}; not read to the end",
    .partialDirectory: "first {shown} of {summary} listed; not read to the end",
    .partialPDF:
      "first {shownLines}: {shownPages}; {lines} of text in the first {readPages}; "
      + "not read to the end",
    .readPagesOne: "page",
    .readPagesOther: "{count} pages",
    .truncated: "first {shown} of {summary}",
    .truncatedPDF: "first {shownLines}: {shownPages} of {pageCount}, {lines} of text",
    .shownPagesOne: "page 1",
    .shownPagesOther: "pages 1–{count}",
    .tourHeading: "{title}: {name}",
    .sampleText: "A text file",
    .sampleFolder: "A folder",
    .sampleLarge: "A large file, shown as it is read",
    .sampleEmptyFile: "An empty file",
    .sampleEmptyFolder: "An empty folder",
    .sampleMissing: "A missing file",
    .samplePathThroughFile: "A path through a file",
    .sampleBinary: "A binary file",
    .samplePDF: "A PDF with text",
    .sampleScan: "A PDF without text (a scan)",
    .sampleDamaged: "A damaged PDF",
    .sampleLocked: "A password-protected PDF (password: {password})",
    .sampleOwnerOnly: "A PDF with only an owner password",
  ]
}
