import FileSearchCore
import StatefulContent

/// Types queries into the search example's model and screen, one keystroke at a time, and
/// measures each keystroke: the time to the first presentation, and to the first match.
///
/// It is the model's presenter: it hands every presentation to a ``SearchScreen`` (drawn into
/// a sink) and notes when it came. A keystroke is timed from just before the model is asked to
/// search; its first presentation is the first one the screen draws after that (the previous
/// query's matches marked, loading, or the first match); its first match is the first
/// presentation of the query's own content. The next keystroke comes when the last one's first
/// match is shown, or its search ended without one.
@MainActor
final class KeystrokeBench: @MainActor SynchronousPresenter {
  /// What one keystroke measured.
  struct Sample {
    /// The query after the keystroke.
    var query: String
    /// From the keystroke to the first presentation.
    var toFirstPresentation: Duration?
    /// From the keystroke to the first presentation of a match; `nil` when the search ended
    /// without one.
    var toFirstMatch: Duration?
  }

  /// The samples of the keystrokes typed so far.
  private(set) var samples: [Sample] = []
  /// The screen that draws the presentations.
  let screen: SearchScreen

  private let clock = ContinuousClock()
  private var keystroke: (start: ContinuousClock.Instant, sample: Sample)?
  private var isSettled = false
  private var waiter: CheckedContinuation<Void, Never>?

  /// Creates a bench that draws on `screen`.
  init(screen: SearchScreen) {
    self.screen = screen
  }

  func present(_ presentation: Presentation, animated: Bool) {
    screen.present(presentation, animated: animated)
    let now = clock.now
    guard var keystroke else { return }
    defer { self.keystroke = keystroke }
    let elapsed = keystroke.start.duration(to: now)
    if keystroke.sample.toFirstPresentation == nil {
      keystroke.sample.toFirstPresentation = elapsed
    }
    guard presentation.key == LoadKey(keystroke.sample.query), !presentation.showsPreviousKey
    else { return }
    switch presentation.state.kind {
    case .content:
      if keystroke.sample.toFirstMatch == nil { keystroke.sample.toFirstMatch = elapsed }
      settle()
    case .empty, .error:
      settle()
    default:
      break
    }
  }

  /// Types a keystroke as the interactive program does — the input changes, the screen goes
  /// back to the first match, the model searches the new query, the screen is drawn — and
  /// waits until the query's first match is shown or its search ends.
  ///
  /// - Parameters:
  ///   - query: The query after the keystroke.
  ///   - model: The model to search with.
  func type(_ query: String, into model: SearchModel) async {
    isSettled = false
    keystroke = (clock.now, Sample(query: query))
    screen.input = query
    screen.scrollToTop()
    let search = model.search(query)
    screen.redraw()
    // Cancelled once this keystroke is measured: a search that ends later, superseded by the
    // next keystroke, does not settle that one.
    let ended = Task {
      _ = await search?.value
      if !Task.isCancelled { self.settle() }
    }
    if !isSettled {
      await withCheckedContinuation { waiter = $0 }
    }
    ended.cancel()
    if let keystroke { samples.append(keystroke.sample) }
    keystroke = nil
  }

  /// Forgets the samples so far, such as those of a warm-up round.
  func clearSamples() {
    samples = []
  }

  private func settle() {
    isSettled = true
    waiter?.resume()
    waiter = nil
  }
}
