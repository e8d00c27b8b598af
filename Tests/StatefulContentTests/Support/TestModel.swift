import StatefulContent
import StatefulContentTesting

/// A model adopting `StatefulContent` with a collection as its content, recording its hooks.
final class TestModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [String] = []
  var reportedErrors: [String] = []
  var hostInsets = EdgeInsets.zero
  var configuredErrors: [String] = []
  var onHandleError: ((any Error) -> Void)?
  var onConfigureEmpty: (() -> Void)?
  /// The test's load, which `loadContent()` runs — for a reload, a Retry, an unlock.
  var contentLoad: (nonisolated(nonsending) (TestModel) async -> Void)?

  /// Makes a model whose machine presents at once (``LoadingPolicy/immediate``): the tests
  /// that use it check what shows the moment a request returns, not the default's pacing.
  init(presenter: (any Presenter)? = nil) {
    stateMachine = ContentStateMachine(presenter: presenter)
    stateMachine.loadingPolicy = .immediate
  }

  init(machine: ContentStateMachine) {
    stateMachine = machine
  }

  nonisolated(nonsending) func loadContent() async {
    await contentLoad?(self)
  }

  /// Loads the content with `operation`, and makes it the model's `loadContent()`: reloads,
  /// retries and unlocks run it again.
  @discardableResult
  func loadReloadable(
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ operation: @escaping @Sendable (LoadContext) async throws -> [String]
  ) async -> LoadOutcome {
    contentLoad = { model in
      await model.load(into: \.content, retry: retry, operation: operation)
    }
    return await load(into: \.content, retry: retry, isolation: isolation, operation: operation)
  }

  /// Streams the parts `parts` makes into the content: it is emptied before the first part,
  /// and each part is appended.
  @discardableResult
  func loadAppending<Parts: AsyncSequence & SendableMetatype>(
    retry: RetryPolicy? = nil,
    isolation: isolated (any Actor)? = #isolation,
    _ parts: @escaping @Sendable (LoadContext) -> Parts
  ) async -> LoadOutcome where Parts.Element == [String] {
    await load(
      retry: retry, isolation: isolation, parts: parts, reset: { $0.content = [] },
      apply: { $0.content += $1 })
  }

  /// Streams the parts `parts` makes into the content as the keyed load of `key`.
  @discardableResult
  func loadAppending<Parts: AsyncSequence & SendableMetatype>(
    key: String,
    isolation: isolated (any Actor)? = #isolation,
    _ parts: @escaping @Sendable (LoadContext) -> Parts
  ) async -> LoadOutcome where Parts.Element == [String] {
    await load(
      key: key, isolation: isolation, parts: parts, reset: { $0.content = [] },
      apply: { $0.content += $1 })
  }

  func handleErrorWhenContentsAvailable(_ error: any Error) {
    reportedErrors.append(String(describing: error))
    onHandleError?(error)
  }

  func insets(for state: ContentState) -> EdgeInsets { hostInsets }

  func configureErrorPlaceholder(_ placeholder: any Placeholder, error: any Error)
    -> any Placeholder
  {
    configuredErrors.append(String(describing: error))
    guard var standard = placeholder as? StandardPlaceholder else { return placeholder }
    standard.message = "Configured: \(error)"
    return standard
  }

  func configureEmptyPlaceholder(_ placeholder: any Placeholder) -> any Placeholder {
    onConfigureEmpty?()
    return placeholder
  }
}

/// An error with a readable description.
struct TestError: Error, CustomStringConvertible, Equatable {
  var description: String
  init(_ description: String = "boom") { self.description = description }
}

/// A placeholder type of the test's own, to check that any `Placeholder` is carried through.
struct BannerPlaceholder: Placeholder {
  var text: String
  var insets: EdgeInsets = .zero
}
