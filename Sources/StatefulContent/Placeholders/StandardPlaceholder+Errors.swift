#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// How an error fills in the error placeholder: what it says about itself the platform's way
// (Foundation's `LocalizedError`), else its description.
extension StandardPlaceholder {
  /// What an error says about itself for the error placeholder.
  struct ErrorTexts: Equatable {
    /// The title, or `nil` to keep the placeholder's.
    var title: String?
    /// The message.
    var message: String?
    /// The recovery suggestion.
    var recoverySuggestion: String?
    /// Whether the error describes itself as a `LocalizedError` (not only by its description).
    var isLocalized: Bool

    /// The texts of an error: a `LocalizedError`'s `errorDescription` (the title),
    /// `failureReason` (the message) and `recoverySuggestion`; the message is the error's
    /// description, `String(describing:)`, when it gives neither a description nor a reason.
    /// ``UnlockError`` speaks the language of `strings`.
    init(_ error: any Error, strings: PlaceholderStrings) {
      if let unlock = error as? UnlockError {
        self.init(
          title: nil, message: unlock.failureReason(in: strings),
          recoverySuggestion: unlock.recoverySuggestion(in: strings), isLocalized: true)
      } else if let localized = error as? any LocalizedError {
        // A text that is empty or only white space says nothing: the built-in one stays.
        let title = Self.saysSomething(localized.errorDescription)
        let reason = Self.saysSomething(localized.failureReason)
        let recovery = Self.saysSomething(localized.recoverySuggestion)
        self.init(
          title: title,
          message: reason ?? (title == nil ? String(describing: error) : nil),
          recoverySuggestion: recovery,
          isLocalized: title != nil || reason != nil || recovery != nil)
      } else {
        self.init(
          title: nil, message: String(describing: error), recoverySuggestion: nil,
          isLocalized: false)
      }
    }

    /// The text, unless it is `nil`, empty or only white space.
    private static func saysSomething(_ text: String?) -> String? {
      guard let text, !text.allSatisfy(\.isWhitespace) else { return nil }
      return text
    }

    init(title: String?, message: String?, recoverySuggestion: String?, isLocalized: Bool) {
      self.title = title
      self.message = message
      self.recoverySuggestion = recoverySuggestion
      self.isLocalized = isLocalized
    }
  }

  /// Fills in the built-in error placeholder from an error: the title from a
  /// `LocalizedError`'s `errorDescription`, the message from its `failureReason` (or the
  /// error's description), and the recovery suggestion.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - strings: The texts of the machine, for the library's own errors.
  mutating func fillBuiltIn(from error: any Error, strings: PlaceholderStrings) {
    let texts = ErrorTexts(error, strings: strings)
    if let title = texts.title { self.title = title }
    message = texts.message
    recoverySuggestion = texts.recoverySuggestion
  }

  /// Fills in a registered error placeholder from an error that describes itself as a
  /// `LocalizedError`: only what the app left at its default — the title when it is the
  /// built-in one (``PlaceholderStrings/error``), the message and the recovery suggestion
  /// when they are `nil`. Any other error leaves it as registered.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - strings: The texts of the machine.
  /// - Returns: Whether anything was filled in.
  mutating func fillRegistered(from error: any Error, strings: PlaceholderStrings) -> Bool {
    let texts = ErrorTexts(error, strings: strings)
    guard texts.isLocalized else { return false }
    let before = self
    if let title = texts.title, title != self.title, self.title == strings.error {
      self.title = title
    }
    if message == nil { message = texts.message }
    if recoverySuggestion == nil { recoverySuggestion = texts.recoverySuggestion }
    return self != before
  }
}
