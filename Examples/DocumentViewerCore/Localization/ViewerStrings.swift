import StatefulContentTerminal

/// The viewer's own texts — help, messages, prompts, placeholder texts, error descriptions — in
/// one language: the product's `ToolStrings` over the viewer's ``ViewerText`` tables.
///
/// A template names its arguments in braces, such as `Cannot open '{path}': …`, and
/// `text(_:_:)` fills them in. Every table has every key (a test checks it, and that each
/// translation takes the same arguments as the English), and each quotes the way its language
/// does: 'notes.txt' in English (a path in single quotes pastes into a shell), „notes.txt“ in
/// German, « notes.txt » in French. The language is the library's, so that the viewer's texts
/// and its placeholders always agree; its code is also the voice of `--speak`.
///
/// The library's own placeholder texts (the locked placeholder's title, the Retry action) are
/// `placeholderStrings`; `--timeline` output and the reasons given by the system or by a PDF
/// tool stay as they are.
///
/// ```swift
/// let strings = ViewerStrings(language: "de")
/// strings.text(.emptyFileMessage, ["name": "notes.txt"])   // "„notes.txt“ enthält keinen Text."
/// ```
public typealias ViewerStrings = ToolStrings<ViewerText>
