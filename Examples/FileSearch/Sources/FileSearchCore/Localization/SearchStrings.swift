import StatefulContentTerminal

/// The search's own texts — help, messages, placeholder texts, the screen's lines, error
/// descriptions — in English, German or French: the product's `ToolStrings` over the search's
/// ``SearchText`` tables.
///
/// The language is the one the library chooses for its own placeholders
/// (`PlaceholderStrings.language(environment:)`: on Linux `LC_ALL`, `LC_MESSAGES`, `LANG`,
/// with GNU `LANGUAGE` first); `C`, `POSIX` and other languages are English. A template names
/// its arguments in braces (`No matches for '{query}'`); each language quotes its own way
/// ('swi', „swi“, « swi »). `--timeline` stays English: its state words are for scripts.
///
/// ```swift
/// SearchStrings(language: "de").text(.noMatches, ["query": "swi"])   // "Keine Treffer für „swi“"
/// ```
public typealias SearchStrings = ToolStrings<SearchText>
