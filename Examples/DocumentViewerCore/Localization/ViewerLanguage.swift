import Foundation
import StatefulContent

/// A language the viewer speaks: its own texts, and the voice of `--speak`.
///
/// The language is the library's (`PlaceholderStrings.language(environment:)`), so that the
/// viewer's texts and the library's placeholders always agree: on Linux the first of
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty, with GNU `LANGUAGE` first
/// unless the locale is `C` or `POSIX`; German or French when asked for, English otherwise.
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
  /// - Parameter environment: The environment's variables.
  public init(environment: [String: String]) {
    self = Self(rawValue: Self.languageCode(environment: environment)) ?? .english
  }

  /// The language of this process, read once from its environment.
  public static let current = ViewerLanguage(environment: ProcessInfo.processInfo.environment)

  /// The language code the environment asks for, as the library chooses it: `de`, `fr`, or
  /// `en` for `C`, `POSIX`, no variable and a language the library has no texts for.
  ///
  /// - Parameter environment: The environment's variables.
  /// - Returns: The language code.
  public static func languageCode(environment: [String: String]) -> String {
    PlaceholderStrings.language(environment: environment)
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
