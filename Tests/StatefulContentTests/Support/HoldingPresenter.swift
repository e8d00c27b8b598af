import StatefulContent

/// A presenter that keeps every `finished` closure it receives, for the test to call when and
/// as often as it likes.
final class HoldingPresenter: Presenter {
  var presentations: [Presentation] = []
  var finishers: [() -> Void] = []
  var onPresent: ((Presentation, @escaping () -> Void) -> Void)?

  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    presentations.append(presentation)
    finishers.append(finished)
    onPresent?(presentation, finished)
  }

  /// Calls every `finished` closure, also those of presentations that finishing others
  /// brought in, until none is left uncalled.
  func finishEverything() {
    var index = 0
    while index < finishers.count {
      finishers[index]()
      index += 1
    }
  }
}
