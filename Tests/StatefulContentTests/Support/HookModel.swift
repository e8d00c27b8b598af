import StatefulContent

/// An adopter whose loading and empty hooks return whatever the test's closures return, and
/// whose host insets are whatever `hostInsets` returns at each call.
final class HookModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []
  /// Builds the loading placeholder at each request; `nil` keeps the registered one.
  var loading: (() -> any Placeholder)?
  /// Builds the empty placeholder at each request; `nil` keeps the registered one.
  var empty: (() -> any Placeholder)?
  var hostInsets: () -> EdgeInsets = { .zero }

  /// Makes a model whose machine presents at once (``LoadingPolicy/immediate``).
  init(presenter: (any Presenter)?) {
    stateMachine = ContentStateMachine(presenter: presenter)
    stateMachine.loadingPolicy = .immediate
  }

  func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    loading?() ?? placeholder
  }

  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    empty?() ?? placeholder
  }

  func insets(for state: ContentState) -> EdgeInsets { hostInsets() }
}
