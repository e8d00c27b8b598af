#if canImport(Darwin)
  import Foundation
#elseif canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Which table the process uses: the platform's way of choosing a language, as pure functions
// of the environment (or of the preferred languages) so that tests cover every rule.
extension PlaceholderStrings {
  /// The tables the library ships: English, German and French.
  public static let builtIn: [PlaceholderStrings] = [.english, .german, .french]

  /// The texts in the process's language, chosen once per process.
  ///
  /// On Apple platforms the first of `Locale.preferredLanguages` the library has a table
  /// for; elsewhere (Linux) the language ``preferred(environment:)`` chooses from the
  /// process's environment. English when no language has a table. Every
  /// ``ContentStateMachine`` uses these texts unless the app sets its
  /// ``ContentStateMachine/strings``.
  public static var current: PlaceholderStrings { resolvedCurrent }

  private static let resolvedCurrent: PlaceholderStrings = {
    #if canImport(Darwin)
      return preferred(languages: Locale.preferredLanguages)
    #else
      return preferred(environment: ProcessInfo.processInfo.environment)
    #endif
  }()

  /// The built-in table of a language, or `nil` when the library has none.
  ///
  /// - Parameter language: A language code or locale name such as `de`, `de-AT`, `fr_CA` or
  ///   `fr_FR.UTF-8`; only its language part counts, in any letter case.
  /// - Returns: ``english``, ``german``, ``french`` or `nil`.
  public static func builtIn(language: String) -> PlaceholderStrings? {
    let code = languageCode(of: language)
    return builtIn.first { $0.language == code }
  }

  /// The table for the first language of a list the library has a table for, English when
  /// none has one: Apple platforms' way, given `Locale.preferredLanguages`.
  ///
  /// - Parameter languages: Language codes in order of preference, such as `["fr-CA", "en"]`.
  /// - Returns: The chosen table.
  public static func preferred(languages: [String]) -> PlaceholderStrings {
    for language in languages {
      if let strings = builtIn(language: language) { return strings }
    }
    return .english
  }

  /// The table the process's environment asks for, the way gettext chooses the language of
  /// messages on Linux and other POSIX systems.
  ///
  /// The locale of messages is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`
  /// (values such as `de_DE.UTF-8`, `fr_CA`, `de`). Unless that locale is `C` or `POSIX`
  /// (or unset, which means `C`), a non-empty GNU `LANGUAGE` — a colon-separated list such as
  /// `fr:de` — takes precedence over it, as in gettext. The first language of the list (or
  /// the locale's) with a table wins; English when there is none — as gettext shows a
  /// program's untranslated texts.
  ///
  /// ```swift
  /// PlaceholderStrings.preferred(environment: ["LANG": "de_DE.UTF-8"]).language  // "de"
  /// PlaceholderStrings.preferred(environment: ["LC_ALL": "C", "LANG": "fr_FR"]).language  // "en"
  /// ```
  ///
  /// - Parameter environment: The environment, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: The chosen table.
  public static func preferred(environment: [String: String]) -> PlaceholderStrings {
    preferred(languages: languages(environment: environment))
  }

  /// The language code of the table the environment asks for: `en`, `de` or `fr`.
  ///
  /// Programs that show texts of their own choose their language with this, so that they
  /// speak the language of the library's placeholders. See ``preferred(environment:)``.
  ///
  /// - Parameter environment: The environment, such as `ProcessInfo.processInfo.environment`.
  /// - Returns: The ``language`` of the chosen table.
  public static func language(environment: [String: String]) -> String {
    preferred(environment: environment).language
  }

  /// The languages the environment asks for, in order: those of `LANGUAGE`, or the
  /// locale's; none for the `C` and `POSIX` locales. See ``preferred(environment:)``.
  ///
  /// - Parameter environment: The environment.
  /// - Returns: Language codes such as `["fr", "de"]`, lowercased, without region or encoding.
  public static func languages(environment: [String: String]) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let locale, !isPOSIXLocale(locale) else { return [] }
    if let list = environment["LANGUAGE"], !list.isEmpty {
      let languages = list.split(separator: ":").map { languageCode(of: String($0)) }
        .filter { !$0.isEmpty }
      if !languages.isEmpty { return languages }
    }
    return [languageCode(of: locale)]
  }

  /// The language part of a language code or locale name, lowercased: `de_DE.UTF-8@euro`,
  /// `de-AT` and `DE` are all `de`.
  static func languageCode(of name: String) -> String {
    let end = name.firstIndex { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" } ?? name.endIndex
    return name[..<end].lowercased()
  }

  /// Whether a locale name is the `C` or `POSIX` locale, with or without an encoding
  /// (`C.UTF-8`).
  private static func isPOSIXLocale(_ name: String) -> Bool {
    let code = languageCode(of: name)
    return code == "c" || code == "posix"
  }
}
