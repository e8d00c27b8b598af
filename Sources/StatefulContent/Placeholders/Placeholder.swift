/// An abstract, renderable description of what to show instead of content.
///
/// A placeholder is a value, not a view: a presenter (UIKit, SwiftUI, a terminal, a test
/// recorder) decides how it looks. Adopt this protocol for placeholders of your own, or use
/// ``StandardPlaceholder``.
///
/// ## Implementation requirements
/// A conforming type must be a value that is safe to share across isolation domains. Both
/// requirements have defaults: ``insets`` is ``EdgeInsets/zero`` and
/// ``accessibilityAnnouncement`` is `nil`.
///
/// Make your placeholder `Equatable` (``StandardPlaceholder`` is) when a hook builds it anew
/// for each presentation: a request for the state on screen then completes
/// ``TransitionOutcome/unchanged`` when the new placeholder equals the one shown. One that is
/// not `Equatable` is the same only as the very same value, so a new one is presented again.
public protocol Placeholder: Sendable {
  /// The insets the placeholder keeps from the edges of its area. Defaults to ``EdgeInsets/zero``.
  var insets: EdgeInsets { get }
  /// A sentence an assistive technology announces when the placeholder appears.
  /// Defaults to `nil` (nothing announced).
  var accessibilityAnnouncement: String? { get }
}

extension Placeholder {
  /// No insets.
  public var insets: EdgeInsets { .zero }
  /// Nothing announced.
  public var accessibilityAnnouncement: String? { nil }
}
