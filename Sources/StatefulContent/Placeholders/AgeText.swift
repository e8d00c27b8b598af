/// How long ago content was updated, in words of one language: "Updated just now", "Updated 5
/// minutes ago", "Updated 2 hours ago", "Updated 3 days ago".
///
/// The age is said in the largest whole unit it has reached, rounded down, as a status line
/// says it: under a minute is "just now" (a negative age too, from a clock set back), then
/// minutes, hours from 60 minutes, days from 24 hours. Each unit is a ``CountedText`` in which
/// `{count}` stands for the number.
///
/// ```swift
/// PlaceholderStrings.english.updated(ago: .seconds(330))  // "Updated 5 minutes ago"
/// PlaceholderStrings.german.updated(ago: .seconds(7_200))  // "Vor 2 Stunden aktualisiert"
/// ```
public struct AgeText: Hashable, Sendable {
  /// Under a minute: "Updated just now".
  public var justNow: String
  /// Whole minutes, under an hour: "Updated {count} minutes ago".
  public var minutes: CountedText
  /// Whole hours, under a day: "Updated {count} hours ago".
  public var hours: CountedText
  /// Whole days: "Updated {count} days ago".
  public var days: CountedText

  /// Creates the texts of an age in one language.
  ///
  /// - Parameters:
  ///   - justNow: The text under a minute.
  ///   - minutes: The text of whole minutes.
  ///   - hours: The text of whole hours.
  ///   - days: The text of whole days.
  public init(justNow: String, minutes: CountedText, hours: CountedText, days: CountedText) {
    self.justNow = justNow
    self.minutes = minutes
    self.hours = hours
    self.days = days
  }

  /// The age in words.
  ///
  /// - Parameters:
  ///   - age: How long ago the content was updated; an age beyond `Int64.max` seconds is said
  ///     as that many.
  ///   - rule: The plural rule of the language.
  /// - Returns: The text, such as "Updated 5 minutes ago".
  /// - Complexity: O(1).
  public func text(for age: Duration, rule: PluralRule) -> String {
    // Clamped into Int64 seconds: `components` traps on a longer Duration.
    let seconds = min(max(age, .seconds(Int64.min)), .seconds(Int64.max)).components.seconds
    switch seconds {
    case ..<60: return justNow
    case ..<3_600: return minutes.text(for: Int(seconds / 60), rule: rule)
    case ..<86_400: return hours.text(for: Int(seconds / 3_600), rule: rule)
    default: return days.text(for: Int(seconds / 86_400), rule: rule)
    }
  }

  /// The English texts.
  public static let english = AgeText(
    justNow: "Updated just now",
    minutes: CountedText(one: "Updated {count} minute ago", other: "Updated {count} minutes ago"),
    hours: CountedText(one: "Updated {count} hour ago", other: "Updated {count} hours ago"),
    days: CountedText(one: "Updated {count} day ago", other: "Updated {count} days ago"))
}
