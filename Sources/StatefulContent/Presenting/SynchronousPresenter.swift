/// A presenter that shows each presentation before `present` returns.
///
/// Most presenters that do not animate — a test recorder, a terminal renderer, a single state
/// handler — finish at once. Conforming to this protocol instead of ``Presenter`` says so: there
/// is no `finished` closure to call (or to forget), and the machine skips the bookkeeping of a
/// presentation in flight, which makes a transition cheaper (see the benchmarks in the README).
///
/// ```swift
/// final class LogPresenter: SynchronousPresenter {
///   func present(_ presentation: Presentation, animated: Bool) {
///     print(presentation.state)
///   }
/// }
/// ```
///
/// ## Implementation requirements
/// Show `presentation` in place of whatever was shown before, as for ``Presenter``; the
/// presentation counts as on screen when the method returns.
public protocol SynchronousPresenter: Presenter {
  /// Shows a presentation in place of the previous one, before returning.
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Whether the change would be animated; a synchronous presenter shows it at
  ///     once either way.
  func present(_ presentation: Presentation, animated: Bool)
}

extension SynchronousPresenter {
  /// Shows the presentation and calls `finished` before returning.
  ///
  /// The machine calls ``present(_:animated:)`` directly; this satisfies ``Presenter`` for
  /// anyone else.
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Whether to animate the change.
  ///   - finished: Called before this method returns.
  public func present(
    _ presentation: Presentation, animated: Bool, finished: @escaping () -> Void
  ) {
    present(presentation, animated: animated)
    finished()
  }
}
