import StatefulContent

/// An adopter whose `hasContent`, loading and empty hooks and error hook can make requests of
/// their own, to check that requests from inside the machine are queued (I5).
final class ReentrantModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []
  var onHasContent: (() -> Void)?
  var onConfigureLoading: (() -> Void)?
  var onConfigureEmpty: (() -> Void)?
  var onHandleError: (() -> Void)?

  /// Makes a model whose machine presents at once (``LoadingPolicy/immediate``).
  init(presenter: (any Presenter)? = nil) {
    stateMachine = ContentStateMachine(presenter: presenter)
    stateMachine.loadingPolicy = .immediate
  }

  var hasContent: Bool {
    onHasContent?()
    return !content.isEmpty
  }

  func configureLoadingPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    onConfigureLoading?()
    return placeholder
  }

  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    onConfigureEmpty?()
    return placeholder
  }

  func handleErrorWhenContentsAvailable(_ error: any Error) {
    onHandleError?()
  }
}
