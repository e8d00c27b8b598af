import StatefulContent

/// A synchronous presenter recording every presentation, which can act from inside `present`.
final class SynchronousRecorder: SynchronousPresenter {
  var presentations: [Presentation] = []
  var onPresent: ((Presentation) -> Void)?

  func present(_ presentation: Presentation, animated: Bool) {
    presentations.append(presentation)
    onPresent?(presentation)
  }
}
