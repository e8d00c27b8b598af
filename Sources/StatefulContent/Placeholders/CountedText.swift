/// A text that contains a count, in the plural forms of its language: "1 attempt",
/// "2 attempts".
///
/// Each form is a template in which `{count}` stands for the count. Only ``other`` is
/// required; a category without a form of its own takes ``other``. As in Apple's
/// `.stringsdict` files, a ``zero`` form is used for 0 in every language that has one given,
/// also where the language's grammar does not need it ("No results").
///
/// ```swift
/// let attempts = CountedText(one: "{count} attempt", other: "{count} attempts")
/// attempts.text(for: 2, rule: .oneForOne)  // "2 attempts"
/// ```
public struct CountedText: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The form for 0, or `nil` to use the category the rule gives 0.
  public var zero: String?
  /// The singular form, or `nil` for ``other``.
  public var one: String?
  /// The dual form, or `nil` for ``other``.
  public var two: String?
  /// The paucal form, or `nil` for ``other``.
  public var few: String?
  /// The form for many, or `nil` for ``other``.
  public var many: String?
  /// The general form, used for every category without a form of its own.
  public var other: String

  /// Creates a counted text from its forms; each is a template in which `{count}` stands for
  /// the count.
  ///
  /// - Parameters:
  ///   - zero: The form for 0, whatever the language's rule.
  ///   - one: The singular form.
  ///   - two: The dual form.
  ///   - few: The paucal form.
  ///   - many: The form for many.
  ///   - other: The general form.
  public init(
    zero: String? = nil, one: String? = nil, two: String? = nil, few: String? = nil,
    many: String? = nil, other: String
  ) {
    self.zero = zero
    self.one = one
    self.two = two
    self.few = few
    self.many = many
    self.other = other
  }

  /// Creates a counted text with one form for every count.
  ///
  /// - Parameter value: The template, in which `{count}` stands for the count.
  public init(stringLiteral value: String) {
    self.init(other: value)
  }

  /// The form of a plural category: its own, or ``other``.
  ///
  /// - Parameter category: The category.
  /// - Returns: The template of that form.
  public func form(for category: PluralRule.Category) -> String {
    let form: String? =
      switch category {
      case .zero: zero
      case .one: one
      case .two: two
      case .few: few
      case .many: many
      case .other: other
      }
    return form ?? other
  }

  /// The text for a count: the form its plural category takes, with the count filled in.
  ///
  /// - Parameters:
  ///   - count: The count, written in ASCII digits.
  ///   - rule: The plural rule of the text's language.
  /// - Returns: The text, such as "2 attempts".
  public func text(for count: Int, rule: PluralRule) -> String {
    let template =
      count == 0 && zero != nil ? form(for: .zero) : form(for: rule.category(for: count))
    return template.replacing("{count}", with: String(count))
  }
}
