/// What a presenter is asked to show: a state, its placeholder and where to put it.
///
/// Each presentation replaces the previous one entirely, so a presenter that shows
/// ``placeholder`` (or removes its placeholder when it is `nil`) never leaves a placeholder of
/// an older state behind.
public struct Presentation: Sendable {
  /// The state shown. For ``ContentState/content`` and ``ContentState/idle`` there is no
  /// placeholder.
  public var state: ContentState
  /// The configured placeholder to show, or `nil` to show the content (or nothing, when idle).
  public var placeholder: (any Placeholder)?
  /// The insets to lay the placeholder out with: the host's ``StatefulContent/insets(for:)``
  /// plus the placeholder's own, with invalid distances replaced by zero.
  public var insets: EdgeInsets
  /// Whether a load runs while content stays visible.
  public var isRefreshing: Bool
  /// The attempt of the running load, counting from 1; above 1 while a failed load is retried.
  public var attempt: Int

  /// Creates a presentation.
  ///
  /// - Parameters:
  ///   - state: The state shown.
  ///   - placeholder: The placeholder to show, or `nil`.
  ///   - insets: The insets to lay the placeholder out with; sanitized on creation.
  ///   - isRefreshing: Whether a load runs while content stays visible.
  ///   - attempt: The attempt of the running load, counting from 1.
  public init(
    state: ContentState,
    placeholder: (any Placeholder)? = nil,
    insets: EdgeInsets = .zero,
    isRefreshing: Bool = false,
    attempt: Int = 1
  ) {
    self.state = state
    self.placeholder = state.showsPlaceholder ? placeholder : nil
    self.insets = insets.sanitized
    self.isRefreshing = isRefreshing
    self.attempt = max(attempt, 1)
  }

  /// The presentation of the idle state: nothing at all.
  public static let idle = Presentation(state: .idle)

  /// Whether presenting `other` after this one would show the same thing.
  func showsSameState(as other: Presentation) -> Bool {
    state.hasSamePayload(as: other.state) && isRefreshing == other.isRefreshing
      && attempt == other.attempt
  }
}
