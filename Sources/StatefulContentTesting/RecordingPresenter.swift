import StatefulContent

/// A presenter for tests that records every presentation and finishes at once or on demand.
///
/// ```swift
/// let presenter = RecordingPresenter(finishing: .manually)
/// let machine = ContentStateMachine(presenter: presenter)
/// model.startLoading(animated: true)
/// presenter.finishAll()
/// XCTAssertEqual(presenter.presentedKinds, [.loading])
/// ```
///
/// The placeholders it records carry the machine's built-in texts, which speak the language of
/// the process running the tests (`PlaceholderStrings.current`) unless the machine's own are
/// set. A test that asserts a text ("Retry", "Loading…") pins them, so that it passes whatever
/// `LANG` says:
///
/// ```swift
/// machine.strings = .english
/// ```
public final class RecordingPresenter: Presenter {
  /// When the presenter reports that a presentation is on screen.
  public enum Finishing: Sendable {
    /// Before `present` returns, which makes transitions synchronous.
    case immediately
    /// When the test calls ``RecordingPresenter/finishNext()`` or
    /// ``RecordingPresenter/finishAll()``; unanimated presentations still finish at once.
    case manually
    /// Like ``manually``, but also for unanimated presentations.
    case manuallyAlways
  }

  /// One call of ``present(_:animated:finished:)``.
  public struct Record: Sendable {
    /// The presentation asked for.
    public var presentation: Presentation
    /// Whether the change was to be animated.
    public var animated: Bool
  }

  /// When presentations finish.
  public var finishing: Finishing
  /// Every presentation asked for, in order.
  public private(set) var records: [Record] = []
  /// Called after each presentation is recorded, before it finishes; for re-entrancy tests.
  public var onPresent: ((Presentation) -> Void)?
  private var unfinished: [() -> Void] = []

  /// Creates a recording presenter.
  ///
  /// - Parameter finishing: When presentations finish. Defaults to ``Finishing/immediately``.
  public init(finishing: Finishing = .immediately) {
    self.finishing = finishing
  }

  /// The kinds of the presented states, in order.
  public var presentedKinds: [ContentState.Kind] { records.map(\.presentation.state.kind) }

  /// The most recent presentation, or `nil` before the first.
  public var lastPresentation: Presentation? { records.last?.presentation }

  /// How many presentations wait for ``finishNext()``.
  public var pendingCount: Int { unfinished.count }

  /// Records a presentation and finishes it according to ``finishing``.
  ///
  /// - Parameters:
  ///   - presentation: The presentation asked for.
  ///   - animated: Whether to animate the change.
  ///   - finished: Called when the presentation counts as on screen.
  public func present(
    _ presentation: Presentation, animated: Bool, finished: @escaping () -> Void
  ) {
    records.append(Record(presentation: presentation, animated: animated))
    onPresent?(presentation)
    switch finishing {
    case .immediately: finished()
    case .manually where !animated: finished()
    case .manually, .manuallyAlways: unfinished.append(finished)
    }
  }

  /// Finishes the oldest unfinished presentation.
  ///
  /// - Returns: `false` when there was none.
  @discardableResult
  public func finishNext() -> Bool {
    guard !unfinished.isEmpty else { return false }
    unfinished.removeFirst()()
    return true
  }

  /// Finishes unfinished presentations until none is left, including ones they start.
  ///
  /// - Returns: How many presentations were finished.
  @discardableResult
  public func finishAll() -> Int {
    var count = 0
    while finishNext() { count += 1 }
    return count
  }

  /// Forgets the records (not the unfinished presentations).
  public func clearRecords() {
    records.removeAll()
  }
}
