import StatefulContent
import StatefulContentTesting
import XCTest

/// Invariant I6: releasing the adopter releases the machine, its presenter and placeholders.
final class MemoryTests: XCTestCase {

  /// A view-like adopter that presents itself, as in the reference libraries.
  private final class SelfPresentingScreen: StatefulContent, SynchronousPresenter {
    let stateMachine = ContentStateMachine()
    var content: [String] = []
    var shown: [ContentState.Kind] = []

    init() { stateMachine.presenter = self }

    func present(_ presentation: Presentation, animated: Bool) {
      shown.append(presentation.state.kind)
    }
  }

  func test_anAdopterThatIsItsOwnPresenter_isReleased_andPresents() throws {
    weak var weakScreen: SelfPresentingScreen?
    do {
      let screen = SelfPresentingScreen()
      weakScreen = screen
      screen.startLoading()
      screen.endLoading(animated: false)
      XCTAssertEqual(screen.shown, [.loading, .empty])
      XCTAssertTrue(screen.stateMachine.presenter === screen)
    }
    XCTAssertNil(weakScreen, "no retain cycle through the machine's presenter (I6)")
  }

  /// A view-like adopter that gives itself to its machine's initializer, lazily.
  private final class LazySelfPresentingScreen: StatefulContent, SynchronousPresenter {
    lazy var stateMachine = ContentStateMachine(presenter: self)
    var content: [String] = []
    var shown: [ContentState.Kind] = []

    func present(_ presentation: Presentation, animated: Bool) {
      shown.append(presentation.state.kind)
    }
  }

  func test_anAdopterGivenToItsMachinesInitializer_isReleased_andPresents() {
    weak var weakScreen: LazySelfPresentingScreen?
    do {
      let screen = LazySelfPresentingScreen()
      weakScreen = screen
      screen.startLoading()
      screen.endLoading(animated: false)
      XCTAssertEqual(screen.shown, [.loading, .empty])
      XCTAssertTrue(screen.stateMachine.presenter === screen)
    }
    XCTAssertNil(weakScreen, "held weakly once the machine knows its adopter (I6)")
  }

  // MARK: Who owns what: the shapes people write

  /// A model that a controller owns; the controller presents it.
  private final class Article: StatefulContent {
    let stateMachine: ContentStateMachine
    var content: [String] = []

    init(presenter: (any Presenter)? = nil) {
      stateMachine = ContentStateMachine(presenter: presenter)
    }
  }

  /// UIKit's most common shape: a view controller that owns its model and is its presenter.
  private final class ArticleController: SynchronousPresenter {
    var article: Article!
    var shown: [ContentState.Kind] = []

    init(presenterGivenAtInit: Bool) {
      if presenterGivenAtInit {
        article = Article(presenter: self)
      } else {
        article = Article()
        article.stateMachine.presenter = self
      }
    }

    func present(_ presentation: Presentation, animated: Bool) {
      shown.append(presentation.state.kind)
    }
  }

  func test_aControllerThatOwnsItsModelAndPresentsIt_isReleased_andPresents() {
    for givenAtInit in [true, false] {
      weak var weakController: ArticleController?
      weak var weakArticle: Article?
      weak var weakMachine: ContentStateMachine?
      do {
        let controller = ArticleController(presenterGivenAtInit: givenAtInit)
        weakController = controller
        weakArticle = controller.article
        weakMachine = controller.article.stateMachine
        controller.article.startLoading()
        controller.article.endLoading(animated: false)
        XCTAssertEqual(controller.shown, [.loading, .empty], "given at init: \(givenAtInit)")
      }
      XCTAssertNil(
        weakController, "controller → model → machine ⇢ controller (weak), at init: \(givenAtInit)")
      XCTAssertNil(weakArticle)
      XCTAssertNil(weakMachine)
    }
  }

  /// A model that owns a presenter made for it.
  private final class Report: StatefulContent {
    let presenter = RecordingPresenter()
    let stateMachine: ContentStateMachine
    var content: [String] = []

    init() {
      stateMachine = ContentStateMachine(presenter: presenter)
    }
  }

  func test_aModelOwningAPresenterMadeForIt_presents_andIsReleasedWithIt() {
    weak var weakReport: Report?
    weak var weakPresenter: RecordingPresenter?
    do {
      let report = Report()
      weakReport = report
      weakPresenter = report.presenter
      report.startLoading()
      XCTAssertEqual(report.presenter.presentedKinds, [.loading])
    }
    XCTAssertNil(weakReport)
    XCTAssertNil(weakPresenter)
  }

  func test_aPresenterNothingKeeps_isReportedOnce_andTheMachinePresentsNothing() {
    var mistakes: [AdoptionMistake] = []
    let model = TestModel(machine: ContentStateMachine(presenter: RecordingPresenter()))
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    XCTAssertNil(model.stateMachine.presenter, "the machine does not own its presenter")
    model.startLoading()
    model.endLoading()
    XCTAssertEqual(model.currentState, .empty, "the rules still decide")
    XCTAssertEqual(mistakes, [.presenterReleasedBeforePresenting])
  }

  func test_aPresenterReleasedAfterPresenting_isNoMistake() {
    var mistakes: [AdoptionMistake] = []
    let model = TestModel()
    model.stateMachine.adoptionMistakeHandler = { mistakes.append($0) }
    do {
      let screen = RecordingPresenter()
      model.stateMachine.presenter = screen
      model.startLoading()
      XCTAssertEqual(screen.presentedKinds, [.loading])
    }
    model.endLoading()  // the screen went away; the model lives on
    XCTAssertEqual(model.currentState, .empty)
    XCTAssertEqual(mistakes, [], "a screen that went away after presenting is no mistake")
  }

  /// A SwiftUI-style view: it observes the model and keeps no presenter.
  @MainActor
  private final class ObservingView {
    let article = Article()
    var changes: [ContentState.Kind] = []
    var observation: Task<Void, Never>?

    func appear() {
      let changes = article.stateMachine.stateChanges()
      observation = Task { [weak self] in
        for await change in changes { self?.changes.append(change.to.kind) }
      }
    }
  }

  @MainActor
  func test_aViewThatOnlyObservesTheModel_isReleased() async {
    weak var weakView: ObservingView?
    weak var weakMachine: ContentStateMachine?
    var observation: Task<Void, Never>?
    do {
      let view = ObservingView()
      weakView = view
      weakMachine = view.article.stateMachine
      view.appear()
      observation = view.observation
      view.article.startLoading()
      view.article.endLoading()
      XCTAssertEqual(view.article.stateMachine.presentedState, .empty)
    }
    XCTAssertNil(weakMachine, "the observation does not keep the machine")
    await observation?.value  // the sequence ends with the machine
    XCTAssertNil(weakView)
  }

  final class Tracker: Placeholder, @unchecked Sendable {
    // @unchecked: immutable after init; only its identity is used, for a weak reference.
  }

  func test_releasingTheAdopter_releasesEverything_withAnAnimationPending() throws {
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    weak var weakPresenter: RecordingPresenter?
    weak var weakPlaceholder: Tracker?
    let outcomes = OutcomeRecorder()
    do {
      let presenter = RecordingPresenter(finishing: .manually)
      let model = TestModel(presenter: presenter)
      let placeholder = Tracker()
      try model.stateMachine.setPlaceholder(placeholder, for: .loading)
      model.startLoading(animated: true, completion: outcomes.completion("start"))
      model.endLoading(animated: true, completion: outcomes.completion("end"))
      XCTAssertEqual(presenter.pendingCount, 1)
      weakModel = model
      weakMachine = model.stateMachine
      weakPresenter = presenter
      weakPlaceholder = placeholder
    }
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    XCTAssertNil(weakPresenter)
    XCTAssertNil(weakPlaceholder)
    XCTAssertEqual(outcomes.outcomes, [.cancelled, .cancelled])
  }

  func test_presenterHoldingTheFinishCallback_doesNotKeepTheMachineAlive() {
    final class SlowPresenter: Presenter {
      var pending: [() -> Void] = []
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        pending.append(finished)
      }
    }
    let presenter = SlowPresenter()
    weak var weakModel: TestModel?
    let outcomes = OutcomeRecorder()
    do {
      let model = TestModel(presenter: presenter)
      model.startLoading(animated: true, completion: outcomes.completion("a"))
      weakModel = model
    }
    XCTAssertNil(weakModel)
    XCTAssertEqual(outcomes["a"], [.cancelled])
    presenter.pending.forEach { $0() }
    XCTAssertEqual(outcomes.log.count, 1)
  }

  /// A view torn down mid-animation drops its `finished` closure without calling it; a
  /// completion that captures the adopter must not keep it alive then.
  func test_aFinishClosureDroppedUncalled_endsThePresentation_andReleasesTheAdopter() {
    final class TornDownPresenter: Presenter {
      var animations: [() -> Void] = []
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        animations.append(finished)
      }
      /// Drops the running animations without finishing them (outside the array's mutation:
      /// releasing a closure may present the next state at once).
      func tearDown() {
        var dropped = animations
        animations = []
        dropped.removeAll()
      }
    }
    let presenter = TornDownPresenter()
    weak var weakModel: TestModel?
    var outcomes: [TransitionOutcome] = []
    do {
      let model = TestModel(presenter: presenter)
      weakModel = model
      model.startLoading(animated: true) { outcome in
        outcomes.append(outcome)
        _ = model.currentState  // the completion captures the adopter
      }
      model.endLoading(animated: true) { outcomes.append($0) }
      XCTAssertEqual(presenter.animations.count, 1)
      presenter.tearDown()  // the closure is released, never called
      XCTAssertEqual(outcomes, [.presented], "taken as finished, its completion run at once")
      XCTAssertEqual(model.stateMachine.presentedState, .loading)
      XCTAssertEqual(presenter.animations.count, 0, "the presenter is not called back from there")
      model.setupInitialState()  // the machine's next event presents what waited
      XCTAssertEqual(presenter.animations.count, 1)
      presenter.tearDown()
      XCTAssertEqual(outcomes, [.presented, .presented])
      XCTAssertEqual(model.stateMachine.presentedState, .empty)
    }
    XCTAssertNil(weakModel, "the completion that captured the adopter was called and released")
  }

  /// A presenter with one slot for its `finished` closure releases the old closure in the
  /// middle of storing nil: the machine must not call it back from there.
  func test_aFinishClosureReleasedWhileThePresenterStoresNil_doesNotReenterIt() {
    final class OneSlotPresenter: Presenter {
      var pending: (() -> Void)?
      var presented: [ContentState.Kind] = []
      func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
        presented.append(presentation.state.kind)
        pending = finished
      }
    }
    let presenter = OneSlotPresenter()
    let model = TestModel(presenter: presenter)
    let outcomes = OutcomeRecorder()
    model.startLoading(animated: true, completion: outcomes.completion("start"))
    model.endLoading(animated: true, completion: outcomes.completion("end"))
    presenter.pending = nil  // released uncalled, inside the assignment
    XCTAssertEqual(outcomes["start"], [.presented])
    XCTAssertEqual(presenter.presented, [.loading])
    model.setupInitialState(completion: outcomes.completion("setup"))
    XCTAssertEqual(presenter.presented, [.loading, .empty])
    presenter.pending?()
    XCTAssertEqual(outcomes["end"], [.presented])
    XCTAssertEqual(outcomes["setup"].count, 1)
  }

  /// The presenter finishes late and the completion releases the adopter: no crash, no leak.
  func test_releasingTheAdopter_fromTheCompletionOfALateFinish_cancelsTheWaitingRequest() {
    let presenter = HoldingPresenter()
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    let outcomes = OutcomeRecorder()
    do {
      var model: TestModel? = TestModel(presenter: presenter)
      weakModel = model
      weakMachine = model?.stateMachine
      model?.startLoading(animated: true) { outcome in
        outcomes.completion("1")(outcome)
        model = nil
      }
      model?.endLoading(animated: true, completion: outcomes.completion("2"))
    }
    XCTAssertNotNil(weakModel)
    presenter.finishers[0]()
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    XCTAssertEqual(outcomes["1"], [.presented])
    XCTAssertEqual(outcomes["2"], [.cancelled])
    presenter.finishers.forEach { $0() }
    XCTAssertEqual(outcomes.log.count, 2)
  }

  /// The presenter finishes late and the completion of the *waiting* request releases the model.
  func test_releasingTheAdopter_fromASupersededRequestsCompletion_cancelsTheOtherRequests() {
    let presenter = RecordingPresenter(finishing: .manuallyAlways)
    let outcomes = OutcomeRecorder()
    weak var weakMachine: ContentStateMachine?
    do {
      var model: TestModel? = TestModel(presenter: presenter)
      weakMachine = model?.stateMachine
      model?.startLoading(animated: true, completion: outcomes.completion("1"))
      model?.endLoading(animated: true) { outcome in
        outcomes.completion("2")(outcome)
        model = nil
      }
      model?.startLoading(animated: true, completion: outcomes.completion("3"))
    }
    // 2 is superseded by 3 at once → model released already.
    XCTAssertNil(weakMachine)
    presenter.finishAll()
    XCTAssertEqual(outcomes["1"], [.cancelled])
    XCTAssertEqual(outcomes["2"], [.superseded])
    XCTAssertEqual(outcomes["3"], [.cancelled])
  }

  /// A synchronous presenter whose `present` releases the last reference to the adopter.
  func test_releasingTheAdopter_fromInsideASynchronousPresent_completesTheRequestOnce() {
    let presenter = SynchronousRecorder()
    let outcomes = OutcomeRecorder()
    weak var weakMachine: ContentStateMachine?
    var model: TestModel? = TestModel(presenter: presenter)
    weakMachine = model?.stateMachine
    presenter.onPresent = { _ in model = nil }
    model?.startLoading(completion: outcomes.completion("1"))
    XCTAssertNil(weakMachine)
    XCTAssertEqual(outcomes.log.count, 1, "\(outcomes.log)")
  }
}

/// Invariant I6 with a load pending: once the awaiting task ends, nothing keeps the adopter.
@MainActor
final class LoadMemoryTests: XCTestCase {
  func test_releasingTheAdopter_afterCancellingAPendingLoad_releasesEverything() async throws {
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    let gate = Gate<[String]>()
    let clock = ManualClock()
    var load: Task<LoadOutcome, Never>?
    do {
      let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
      let model = TestModel(
        machine: ContentStateMachine(presenter: keptPresenter, clock: clock))
      model.stateMachine.loadingPolicy = .smooth  // a show-delay timer is pending too
      weakModel = model
      weakMachine = model.stateMachine
      load = Task {
        await model.load(into: \.content, retry: .standard) { _ in
          try await gate.waitIgnoringCancellation()
        }
      }
      try await settle { gate.waiterCount == 1 && clock.sleeperCount == 1 }
    }
    load?.cancel()
    let outcome = await load?.value
    XCTAssertEqual(outcome, .cancelled)
    load = nil
    try await settle { weakModel == nil }
    XCTAssertNil(weakModel)
    XCTAssertNil(weakMachine)
    try await settle { clock.sleeperCount == 0 }
    XCTAssertEqual(clock.sleeperCount, 0, "the show-delay timer is cancelled")
    gate.open(with: ["late"])  // the operation's late result reaches nothing
  }

  /// A `@MainActor` model whose operations capture `self`, as everyone writes them first.
  @MainActor
  private final class Feed: @MainActor StatefulContent {
    enum Shape: CaseIterable {
      case strong, weak, keyed, paged, streaming
    }
    final class API: Sendable {
      let calls = Counter()
      func items() async throws -> [String] {
        calls.increment()
        if calls.value == 1 { throw TestError("offline") }
        return ["a", "b"]
      }
    }
    let presenter = RecordingPresenter()
    let stateMachine: ContentStateMachine
    let api = API()
    let shape: Shape
    var content: [String] = []
    /// Counted on the main actor, from the `[weak self]` operation.
    var requests = 0

    init(shape: Shape) {
      self.shape = shape
      stateMachine = ContentStateMachine(presenter: presenter)
    }

    /// Touches the model's state: the `[weak self]` operation can reach it only by hopping to
    /// the main actor (the thread sanitizer run checks that nothing races).
    func countRequest() {
      MainActor.assertIsolated()
      requests += 1
    }

    /// Each shape captures `self` in its operation; reload — Retry, pull to refresh — runs it.
    @MainActor func loadContent() async {
      switch shape {
      case .strong:
        await load(into: \.content) { _ in try await self.api.items() }
      case .weak:
        await load(into: \.content) { [weak self] _ in
          guard let self else { throw CancellationError() }
          await self.countRequest()
          return try await self.api.items()
        }
      case .keyed:
        await load(into: \.content, key: "swift", debounce: .milliseconds(150)) { _ in
          try await self.api.items()
        }
      case .paged:
        await load(into: \.content) { _ in try await self.api.items() }
        await loadMore { _ in
          try await self.api.items()
        } apply: { feed, page in
          feed.content += page
        }
      case .streaming:
        await load { _ in
          AsyncThrowingStream { continuation in
            Task {
              do {
                continuation.yield(try await self.api.items())
                continuation.finish()
              } catch {
                continuation.finish(throwing: error)
              }
            }
          }
        } reset: { feed in
          feed.content = []
        } apply: { feed, part in
          feed.content += part
        }
      }
    }
  }

  @MainActor
  func test_operationsThatCaptureSelf_areReleasedWithTheModel_andRetryStillLoads() async throws {
    for shape in Feed.Shape.allCases {
      weak var weakFeed: Feed?
      weak var weakMachine: ContentStateMachine?
      weak var weakPresenter: RecordingPresenter?
      do {
        let feed = Feed(shape: shape)
        weakFeed = feed
        weakMachine = feed.stateMachine
        weakPresenter = feed.presenter
        await feed.loadContent()
        XCTAssertEqual(feed.currentState.kind, .error, "\(shape): the first call fails")
        await feed.reload()  // the error placeholder's Retry
        XCTAssertEqual(feed.currentState, .content, "\(shape)")
        XCTAssertEqual(feed.content.prefix(2), ["a", "b"], "\(shape)")
        await feed.reload()  // pull to refresh
        XCTAssertEqual(feed.currentState, .content, "\(shape)")
        XCTAssertEqual(feed.api.calls.value, shape == .paged ? 5 : 3, "\(shape)")
        XCTAssertEqual(feed.requests, shape == .weak ? 3 : 0, "\(shape)")
      }
      try await settle { weakFeed == nil }
      XCTAssertNil(weakFeed, "\(shape): the machine keeps no operation that holds the model")
      XCTAssertNil(weakMachine, "\(shape)")
      XCTAssertNil(weakPresenter, "\(shape)")
    }
  }

  @MainActor
  func test_aModelReleasedWhileItsErrorIsShown_isReleased() async {
    weak var weakFeed: Feed?
    do {
      let feed = Feed(shape: .strong)
      weakFeed = feed
      await feed.loadContent()
      XCTAssertEqual(feed.currentState.kind, .error, "Retry is on screen")
    }
    XCTAssertNil(weakFeed, "nothing is kept for Retry")
  }

  /// An actor that owns its model and starts paced loading from its own method.
  private actor Owner {
    let model: TestModel

    init(clock: ManualClock) {
      let machine = ContentStateMachine(clock: clock)
      machine.loadingPolicy = .smooth
      model = TestModel(machine: machine)
    }

    func startLoading() { model.startLoading() }
  }

  func test_anActorOwningItsModel_isReleased_whileAPacedLoadingWaitsForItsShowDelay() async throws {
    let clock = ManualClock()
    weak var weakOwner: Owner?
    do {
      let owner = Owner(clock: clock)
      weakOwner = owner
      await owner.startLoading()
      try await settle { clock.sleeperCount == 1 }
    }
    try await settle { weakOwner == nil }
    XCTAssertNil(weakOwner, "the machine holds the actor its timers come back to weakly (I6)")
  }

  @MainActor
  func test_aModelWhoseUnlockWasAwaited_isReleasedWhenTheUnlockEnds() async throws {
    weak var weakModel: TestModel?
    weak var weakMachine: ContentStateMachine?
    let verified = Gate<Void>()
    var unlock: Task<UnlockOutcome, Never>?
    do {
      let presenter = RecordingPresenter()
      let model = TestModel(machine: ContentStateMachine(presenter: presenter))
      weakModel = model
      weakMachine = model.stateMachine
      model.contentLoad = { model in
        await model.load(into: \.content) { context in
          guard context.credential != nil else { throw ContentLockedError() }
          try await verified.wait()
          return ["page 1"]
        }
      }
      await model.loadContent()
      unlock = Task { await model.unlock(with: Credential(password: "pw")) }
      try await settle { verified.waiterCount == 1 }
    }
    verified.open()  // the screen was closed while the password was checked
    let outcome = await unlock?.value
    unlock = nil
    XCTAssertEqual(outcome, .unlocked)
    XCTAssertNil(weakModel, "nothing keeps the model once its unlock returned (I6)")
    XCTAssertNil(weakMachine)
  }
}
