/// The host's renderer: turns presentations into something real.
///
/// A presenter plays the role of the state-handling overlay of commercial PDF viewers: it
/// receives every state with its placeholder (errors and lock reasons included) and the
/// `animated` flag, and shows it. A UIKit or SwiftUI adapter, an ANSI terminal renderer and the
/// recording presenter of `StatefulContentTesting` are presenters.
///
/// ## Implementation requirements
/// - Show `presentation` in place of whatever was shown before: at most one placeholder at a
///   time, and none when `presentation.placeholder` is `nil`.
/// - Call `finished` exactly once when the presentation is on screen. Calling it before
///   returning makes the whole transition synchronous; calling it later (after an animation)
///   holds further transitions back until then. Extra calls are ignored. Releasing the
///   closure without calling it — a view torn down in the middle of an animation — counts as
///   calling it, so that nothing waits for it forever; call or release it on the machine's
///   actor.
/// - Do not keep a strong reference to the model that owns the machine.
public protocol Presenter: AnyObject {
  /// Shows a presentation in place of the previous one.
  ///
  /// - Parameters:
  ///   - presentation: The state, placeholder and insets to show.
  ///   - animated: Whether to animate the change.
  ///   - finished: Call once when the presentation is on screen.
  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void)
}
