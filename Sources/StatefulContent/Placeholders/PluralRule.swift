/// How a language chooses the plural form of a counted text, after the CLDR plural rules
/// for integers (Unicode Technical Standard #35, "Language Plural Rules").
///
/// English and German say "1 attempt" but "0 attempts"; French says "0 tentative" and
/// "1 tentative" but "2 tentatives". Languages with more forms — "few" and "many" in Russian
/// or Polish — have rules of their own; a language without a rule here uses the one of a
/// language that counts alike, set as ``PlaceholderStrings/pluralRule``.
///
/// ```swift
/// PluralRule.oneForZeroAndOne.category(for: 0)  // .one
/// PluralRule(language: "de").category(for: 0)  // .other
/// ```
public enum PluralRule: Hashable, Sendable {
  /// One for 1, other for every other count: English, German, Dutch, the Scandinavian
  /// languages, Italian, Spanish and many more.
  case oneForOne
  /// One for 0 and 1, other from 2 on: French, Portuguese (Brazil).
  case oneForZeroAndOne
  /// One form for every count: Japanese, Chinese, Korean, Vietnamese, Thai.
  case noPlural
  /// One for 1, 21, 31… (not 11), few for 2–4, 22–24… (not 12–14), many for the rest:
  /// Russian, Ukrainian, Belarusian.
  case eastSlavic
  /// One for 1 only, few for 2–4, 22–24… (not 12–14), many for the rest: Polish.
  case polish

  /// A plural category, as CLDR names them; the form of a ``CountedText`` a count takes.
  public enum Category: Hashable, Sendable, CaseIterable {
    /// The form for zero, in languages that have one (and for 0 wherever a text gives it).
    case zero
    /// The singular: "1 attempt".
    case one
    /// The dual, in languages that have one.
    case two
    /// A paucal: "2 попытки" in Russian.
    case few
    /// A form for many: "5 попыток" in Russian.
    case many
    /// The general form, required of every text: "2 attempts".
    case other
  }

  /// The rule of a language.
  ///
  /// - Parameter language: A language code such as `en`, `fr` or `de-AT`, or a POSIX locale
  ///   name such as `pt_BR.UTF-8`; only its language part counts, in any letter case.
  ///   Languages not listed in the cases' descriptions get ``oneForOne``.
  public init(language: String) {
    switch PlaceholderStrings.languageCode(of: language) {
    case "fr", "pt": self = .oneForZeroAndOne
    case "ja", "zh", "ko", "vi", "th", "id", "ms": self = .noPlural
    case "ru", "uk", "be": self = .eastSlavic
    case "pl": self = .polish
    default: self = .oneForOne
    }
  }

  /// The plural category of a count.
  ///
  /// - Parameter count: The count; a negative count is categorized as its magnitude.
  /// - Returns: The category whose form the count takes.
  public func category(for count: Int) -> Category {
    let n = count.magnitude
    switch self {
    case .oneForOne: return n == 1 ? .one : .other
    case .oneForZeroAndOne: return n <= 1 ? .one : .other
    case .noPlural: return .other
    case .eastSlavic:
      if n % 10 == 1 && n % 100 != 11 { return .one }
      return Self.isFew(n) ? .few : .many
    case .polish:
      if n == 1 { return .one }
      return Self.isFew(n) ? .few : .many
    }
  }

  /// 2–4, 22–24, 32–34… but not 12–14.
  private static func isFew(_ n: UInt) -> Bool {
    (2...4).contains(n % 10) && !(12...14).contains(n % 100)
  }
}
