/// Keeps the secrets of credentials out of the texts that come from outside the library: an
/// error's description and `LocalizedError` strings, and the texts of the app's placeholders.
///
/// Texts are redacted where a secret can enter them, never the library's own texts — the
/// built-in titles, "Incorrect password (2 attempts).", counts: those hold no secret, and
/// masking a password that happens to be a letter or a word of them mangled them
/// ("Incorr••••ct") and let anyone who knows the sentence read the password back
/// ("Incorrect ••••word" for `pass`, "(•••• attempt)" for `1`).
///
/// Every spelling of a secret counts: as given; as a Swift string literal escapes it, which is
/// how `String(describing:)`, `String(reflecting:)` and `debugDescription` show an error that
/// holds it as a value (`wrongPassword("C:\\key")`, `"tr0ub\"4dor"`, `"\u{07}"`); escaped
/// twice, as a description of such a description shows it; and with every scalar outside
/// ASCII as a Unicode escape (`\u{00E9}`). Secrets are compared both by characters, as Swift
/// compares strings — canonically equivalent spellings match ("café" with a precomposed é and
/// with `e` and a combining accent) — and by Unicode scalars, so that a secret is found also
/// where a combining mark follows it; what is masked is every character a match touches.
///
/// What happens to a text depends on the secret's length:
///
/// - **Four characters or more**: every occurrence of every spelling is masked as "••••"
///   (overlapping and adjacent ones as one), and the rest of the text stays readable: "could
///   not decrypt with ••••". (A secret that is an ordinary word, such as `password`, can still
///   be guessed from a sentence one knows, masked or not: no redaction protects a guessable
///   secret.)
/// - **One to three characters**: such a string occurs inside ordinary words and numbers by
///   chance ("e" in "Opening", "5" in "15"), where masking it mangles the text and shows where
///   the secret stood, and masked where it stands alone in a sentence one knows ("Try again in
///   •••• minutes.") it is read back all the same. So a short secret counts only where it
///   stands alone — not inside a word or a number, that is, with no letter, digit or combining
///   mark glued to it — which is how an error quotes what it was given
///   (`wrongPassword("e")`, "PIN 5 refused"); and a text where it does is withheld whole: the
///   caller shows a neutral text of the library in its place
///   (``PlaceholderStrings/redactedText``), which says nothing about where or what the secret
///   was. A text where it occurs only inside words is shown as it is: there it is a letter of
///   a word, not the secret, and withholding every such text would withhold nearly all of them.
///
/// A pure value: ``ContentStateMachine`` makes one from the secrets it knows (see
/// ContentStateMachine+Redaction.swift) and lends it to the placeholder registry and the
/// announcements.
struct SecretRedaction: Sendable {
  /// What stands in for a secret in a text.
  static let mask = "••••"
  /// The longest secret, in characters, that is short: withheld, never masked.
  static let longestShortSecret = 3
  /// Redacts nothing.
  static let none = SecretRedaction(secrets: [])

  /// The spellings of the secrets that are masked.
  private let masked: [Spelling]
  /// The spellings of the short secrets, which withhold a text where they stand alone.
  private let withheld: [Spelling]

  /// Makes the redaction of some secrets; empty secrets are ignored.
  ///
  /// - Parameter secrets: The secrets no text may show.
  init(secrets: some Sequence<String>) {
    var masked: [Spelling] = []
    var withheld: [Spelling] = []
    for secret in secrets where !secret.isEmpty {
      let spellings = Self.spellings(of: secret).map(Spelling.init)
      if secret.count <= Self.longestShortSecret {
        withheld += spellings.filter { !withheld.contains($0) }
      } else {
        masked += spellings.filter { !masked.contains($0) }
      }
    }
    self.masked = masked
    self.withheld = withheld
  }

  /// Whether there is no secret to redact.
  var isEmpty: Bool { masked.isEmpty && withheld.isEmpty }

  /// What a text becomes.
  enum Verdict: Equatable {
    /// It shows no secret.
    case unchanged
    /// It showed a secret, masked in the text given.
    case masked(String)
    /// It shows a short secret: it must not be shown at all.
    case withheld
  }

  // MARK: Texts

  /// What a text from outside the library becomes.
  ///
  /// - Complexity: O(*n* × *s*) for a text of *n* characters and *s* characters of spellings, and
  ///   nothing at all without a secret.
  func verdict(on text: String) -> Verdict {
    guard !isEmpty, !text.isEmpty else { return .unchanged }
    let characters = Array(text)
    // Each scalar of the text, and the character it belongs to.
    var scalars: [Unicode.Scalar] = []
    var characterOf: [Int] = []
    for (index, character) in characters.enumerated() {
      for scalar in character.unicodeScalars {
        scalars.append(scalar)
        characterOf.append(index)
      }
    }
    let showsAShortSecret = withheld.contains {
      !Self.occurrences(of: $0.characters, in: characters, alone: true).isEmpty
        || !Self.occurrences(of: $0.scalars, in: scalars, alone: true).isEmpty
    }
    if showsAShortSecret { return .withheld }
    var covered: [Bool] = []
    func cover(_ characterIndices: some Sequence<Int>) {
      if covered.isEmpty { covered = Array(repeating: false, count: characters.count) }
      for index in characterIndices { covered[index] = true }
    }
    for spelling in masked {
      for occurrence in Self.occurrences(of: spelling.characters, in: characters, alone: false) {
        cover(occurrence)
      }
      for occurrence in Self.occurrences(of: spelling.scalars, in: scalars, alone: false) {
        cover(occurrence.map { characterOf[$0] })
      }
    }
    guard !covered.isEmpty else { return .unchanged }
    var result = ""
    for (index, character) in characters.enumerated() {
      if !covered[index] {
        result.append(character)
      } else if index == 0 || !covered[index - 1] {
        result += Self.mask
      }
    }
    return .masked(result)
  }

  /// A spelling of a secret, as characters and as Unicode scalars.
  private struct Spelling: Equatable, Sendable {
    var characters: [Character]
    var scalars: [Unicode.Scalar]

    init(_ text: String) {
      characters = Array(text)
      scalars = Array(text.unicodeScalars)
    }
  }

  /// A text from outside the library as it may be shown.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - replacement: What is shown instead of a text that is withheld.
  /// - Returns: The text, its secrets masked, or `replacement`.
  func redacting(_ text: String, withheldAs replacement: String) -> String {
    switch verdict(on: text) {
    case .unchanged: text
    case .masked(let masked): masked
    case .withheld: replacement
    }
  }

  // MARK: Spellings

  /// The spellings of a secret: as given, escaped as a Swift string literal (once and
  /// twice), and with every scalar escaped in ASCII.
  static func spellings(of secret: String) -> [String] {
    let escaped = escapedLiteral(secret)
    let asciiEscaped = secret.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    var spellings: [String] = []
    for spelling in [secret, escaped, escapedLiteral(escaped), asciiEscaped]
    where !spellings.contains(spelling) {
      spellings.append(spelling)
    }
    return spellings
  }

  /// A text as `String(reflecting:)` writes it, without the quotation marks around it.
  private static func escapedLiteral(_ text: String) -> String {
    String(String(reflecting: text).dropFirst().dropLast())
  }

  // MARK: Matching

  /// The ranges where a spelling occurs in a text, overlapping ones too.
  ///
  /// - Parameter alone: Whether to count only occurrences that stand alone: an edge of the
  ///   spelling that is part of a word (a letter, a digit, a combining mark) must not touch
  ///   another such character of the text.
  private static func occurrences<Element: Equatable & PartOfAWord>(
    of spelling: [Element], in elements: [Element], alone: Bool
  ) -> [Range<Int>] {
    guard let first = spelling.first, let last = spelling.last,
      spelling.count <= elements.count
    else { return [] }
    let checksStart = alone && first.isPartOfAWord
    let checksEnd = alone && last.isPartOfAWord
    var found: [Range<Int>] = []
    for start in 0...(elements.count - spelling.count) where elements[start] == first {
      let end = start + spelling.count
      guard elements[start..<end].elementsEqual(spelling) else { continue }
      if checksStart, start > 0, elements[start - 1].isPartOfAWord { continue }
      if checksEnd, end < elements.count, elements[end].isPartOfAWord { continue }
      found.append(start..<end)
    }
    return found
  }

}

/// A character or a scalar that may belong to a word: a letter, a digit or a combining mark.
private protocol PartOfAWord {
  var isPartOfAWord: Bool { get }
}

extension Unicode.Scalar: PartOfAWord {
  fileprivate var isPartOfAWord: Bool {
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: true
    default: properties.isAlphabetic || properties.numericType != nil
    }
  }
}

extension Character: PartOfAWord {
  fileprivate var isPartOfAWord: Bool { unicodeScalars.contains { $0.isPartOfAWord } }
}
