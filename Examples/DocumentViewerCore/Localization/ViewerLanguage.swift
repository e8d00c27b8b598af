import Foundation

/// A language the viewer speaks: its own texts, and the voice of `--speak`.
///
/// The language comes from the environment as the C library reads it: the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty; its language code (`de` of
/// `de_DE.UTF-8`) picks German or French, and anything else — `C`, `POSIX`, a language the
/// viewer does not speak — English.
///
/// ```swift
/// ViewerLanguage(environment: ["LANG": "fr_FR.UTF-8"])                    // .french
/// ViewerLanguage(environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])     // .english
/// ```
public enum ViewerLanguage: String, CaseIterable, Hashable, Sendable {
  /// English, the language of the viewer's sources and of `--timeline`.
  case english = "en"
  /// German.
  case german = "de"
  /// French.
  case french = "fr"

  /// The language the environment asks for.
  ///
  /// Until the library's own resolution (`PlaceholderStrings`) is public in main, the viewer
  /// reads the variables itself, by the same rules; see ``languageCode(environment:)``.
  ///
  /// - Parameter environment: The environment's variables.
  public init(environment: [String: String]) {
    self = Self(rawValue: Self.languageCode(environment: environment)) ?? .english
  }

  /// The language of this process, read once from its environment.
  public static let current = ViewerLanguage(environment: ProcessInfo.processInfo.environment)

  /// The language code the environment asks for, in lowercase, such as `de` for
  /// `LANG=de_DE.UTF-8`; `en` for `C` and `POSIX` (with or without a codeset, such as
  /// `C.UTF-8`) and when no variable is set.
  ///
  /// - Parameter environment: The environment's variables; `LC_ALL` wins over `LC_MESSAGES`,
  ///   which wins over `LANG`. An empty variable counts as not set.
  /// - Returns: The language code: the variable's value up to the first `_`, `.` or `@`.
  public static func languageCode(environment: [String: String]) -> String {
    let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    guard let name else { return "en" }
    let code = name.prefix { $0 != "_" && $0 != "." && $0 != "@" }.lowercased()
    return code.isEmpty || code == "c" || code == "posix" ? "en" : code
  }

  /// The voice of `espeak-ng` for the language: `en`, `de` or `fr`.
  public var voice: String { rawValue }

  /// Whether `count` takes the singular: 1 in English and German; 0 and 1 in French.
  ///
  /// - Parameter count: A count of things.
  /// - Returns: `true` for the singular form.
  public func isSingular(_ count: Int) -> Bool {
    switch self {
    case .english, .german: count == 1
    case .french: count == 0 || count == 1
    }
  }
}
