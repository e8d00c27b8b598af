/// Content that may be absent, such as `Article?`: ``StatefulContent/hasContent`` then
/// defaults to whether there is something to show.
///
/// `Optional` conforms: `nil` is no content, a value is content, and an optional collection
/// (`[Item]?`) is content only when it has elements.
///
/// ```swift
/// final class Reader: StatefulContent {
///   let stateMachine = ContentStateMachine()
///   var content: Article?        // hasContent is content != nil
/// }
/// ```
///
/// ## Implementation requirements
/// ``holdsContent`` must be cheap and free of side effects: the machine reads it at every
/// decision.
public protocol OptionalContent {
  /// Whether there is something to show: a value, or a collection with elements.
  var holdsContent: Bool { get }
}

extension Optional: OptionalContent {
  /// `false` for `nil`; for a value, `true` — unless the value is a collection without
  /// elements, or a nested optional without content.
  public var holdsContent: Bool {
    guard case .some(let wrapped) = self else { return false }
    if let nested = wrapped as? any OptionalContent { return nested.holdsContent }
    if let collection = wrapped as? any Collection { return !collection.isEmpty }
    return true
  }
}

extension StatefulContent where Content: OptionalContent {
  /// `content.holdsContent`: `nil` is empty, a value is content, an optional collection
  /// follows its elements.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  public var hasContent: Bool { content.holdsContent }
}
