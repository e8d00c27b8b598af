/// A presenter made of one closure that receives every state: the single state handler of
/// the overlay approach of commercial PDF viewers.
///
/// The closure gets each ``Presentation`` — its state (with the real error or lock reason),
/// the configured placeholder and insets — and the `animated` flag, in the order the machine
/// presents them. It is the only way anything reaches the handler, so what it shows and the
/// machine's state can never disagree.
///
/// The machine holds its presenter weakly, so whoever makes the handler keeps it — the view
/// that owns the overlay, typically — and its closure may capture that view strongly without a
/// retain cycle through the model:
///
/// ```swift
/// let handler = StateHandlerPresenter { presentation, _ in
///   overlay.show(presentation.state, placeholder: presentation.placeholder)
/// }
/// let machine = ContentStateMachine(presenter: handler)
/// ```
public final class StateHandlerPresenter: SynchronousPresenter {
  private let handle: (Presentation, Bool) -> Void

  /// Creates a presenter from a handler that shows a presentation at once.
  ///
  /// - Parameter handle: Shows a presentation; receives it and `animated`.
  public init(_ handle: @escaping (_ presentation: Presentation, _ animated: Bool) -> Void) {
    self.handle = handle
  }

  /// Hands the presentation to the handler.
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Whether to animate the change.
  public func present(_ presentation: Presentation, animated: Bool) {
    handle(presentation, animated)
  }
}
