import Foundation
import Observation
import StatefulContent
import StatefulContentTesting
import XCTest

#if canImport(SwiftUI)
  import SwiftUI
#endif

#if canImport(UIKit) && !os(watchOS)
  import UIKit
#else
  // A stand-in for the UIKit names the article's view controller uses, with UIKit's
  // signatures, so that the controller's very code compiles and runs where UIKit's view
  // controllers do not exist: its ownership and what it shows are tested on Linux and macOS.
  // What is the stand-in's own (a record of what was shown, pressing a button) says so.

  protocol UIContentConfiguration {}

  struct UIContentUnavailableConfiguration: UIContentConfiguration {
    /// `UIButton.Configuration`, of which the controller sets the title.
    struct ButtonConfiguration {
      var title: String?
    }
    struct ButtonProperties {
      var primaryAction: UIAction?
    }
    /// Whether this is `loading()`'s configuration, which shows a spinner (the stand-in's own).
    var showsSpinner = false
    var text: String?
    var secondaryText: String?
    var button = ButtonConfiguration()
    var buttonProperties = ButtonProperties()

    static func empty() -> UIContentUnavailableConfiguration { .init() }
    static func loading() -> UIContentUnavailableConfiguration { .init(showsSpinner: true) }
  }

  typealias UIActionHandler = (UIAction) -> Void

  @MainActor
  final class UIAction {
    private let handler: UIActionHandler

    init(handler: @escaping UIActionHandler) {
      self.handler = handler
    }

    /// What pressing the button that has this action does (the stand-in's own).
    func press() { handler(self) }
  }

  @MainActor
  class UIViewController {
    /// Every configuration set, in order (the stand-in's own).
    private(set) var shownConfigurations: [UIContentUnavailableConfiguration?] = []

    var contentUnavailableConfiguration: (any UIContentConfiguration)? {
      didSet {
        shownConfigurations.append(
          contentUnavailableConfiguration as? UIContentUnavailableConfiguration)
      }
    }

    init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}

    required init?(coder: NSCoder) {}

    func viewDidLoad() {}
  }
#endif

// The Swift blocks of the SwiftUI and UIKit article, copied exactly (`DocExampleCoverageTests`
// checks the copies) with the names they use declared here. The models and the view
// controller are compiled and run everywhere; the SwiftUI view is compiled where SwiftUI
// exists (see DocumentationBlocks.swift), and the tests drive its model with the calls the
// view makes.

enum SwiftUIAndUIKitExample {
  /// A catalog of songs that can be told to fail, and that records the queries it was asked.
  actor SongCatalog {
    static let shared = SongCatalog(titles: ["Swift River", "Sunrise", "Swing Low"])

    let titles: [String]
    private(set) var queries: [String] = []
    private var failures = 0

    init(titles: [String]) {
      self.titles = titles
    }

    func failNextRequest() { failures += 1 }

    func songs(matching query: String) throws -> [String] {
      queries.append(query)
      try failIfTold()
      return titles.filter { $0.localizedCaseInsensitiveContains(query) }
    }

    func favorites() throws -> [String] {
      try failIfTold()
      return Array(titles.prefix(2))
    }

    private func failIfTold() throws {
      guard failures > 0 else { return }
      failures -= 1
      throw Offline()
    }
  }

  struct Offline: Error, CustomStringConvertible {
    var description: String { "The catalog is offline." }
  }

  @Observable @MainActor
  final class SongSearch: @MainActor StatefulContent {
    let stateMachine: ContentStateMachine  // No presenter: the view observes the machine.
    private(set) var query = ""
    private(set) var results: [String] = []
    var hasContent: Bool { !results.isEmpty }
    private let catalog: SongCatalog

    init(catalog: SongCatalog, clock: any Clock<Duration> = ContinuousClock()) {
      stateMachine = ContentStateMachine(clock: clock)
      self.catalog = catalog
    }

    // What the view's `.task(id: query)` runs for each query typed.
    func search(_ query: String) async {
      self.query = query
      guard !query.isEmpty else {
        results = []
        reset()  // An emptied field: idle, as before the first keystroke.
        return
      }
      await loadContent()
    }

    // The load of the query shown; `reload()` — Retry, pull to refresh — runs it again.
    // (`@MainActor` because the class's declaration names the conformance.)
    @MainActor func loadContent() async {
      guard !query.isEmpty else { return }
      let (catalog, query) = (catalog, query)
      await load(into: \.results, key: query, debounce: .milliseconds(300)) { _ in
        try await catalog.songs(matching: query)
      }
    }
  }

  @MainActor
  final class Playlist: @MainActor StatefulContent {
    let stateMachine = ContentStateMachine()
    private(set) var content: [String] = []  // A Collection: hasContent is !content.isEmpty.
    private let catalog: SongCatalog

    init(catalog: SongCatalog) {
      self.catalog = catalog
    }

    @MainActor func loadContent() async {
      let catalog = catalog
      await load(into: \.content) { _ in try await catalog.favorites() }
    }
  }

  final class PlaylistViewController: UIViewController, @MainActor SynchronousPresenter {
    let playlist: Playlist

    init(catalog: SongCatalog) {
      playlist = Playlist(catalog: catalog)
      super.init(nibName: nil, bundle: nil)
      playlist.stateMachine.presenter = self  // Held weakly, as a delegate: no retain cycle.
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
      super.viewDidLoad()
      Task { await playlist.loadContent() }
    }

    func present(_ presentation: Presentation, animated: Bool) {
      guard let placeholder = presentation.placeholder as? StandardPlaceholder else {
        contentUnavailableConfiguration = nil  // The content: reload the table view here.
        return
      }
      var configuration: UIContentUnavailableConfiguration =
        presentation.state.kind == .loading ? .loading() : .empty()
      configuration.text = placeholder.title
      configuration.secondaryText = placeholder.message
      if let retry = placeholder.actions.first(where: { $0.role == .retry }) {
        configuration.button.title = retry.title
        configuration.buttonProperties.primaryAction = UIAction { [weak self] _ in
          Task { await self?.playlist.reload() }
        }
      }
      contentUnavailableConfiguration = configuration
    }
  }

  /// Stands in for `SongSearchView` where SwiftUI cannot run it: makes the view's calls —
  /// `.task(id: query)`, `.refreshable`, the Retry button — and draws, as text, what its body
  /// shows, from what the body reads.
  @MainActor
  final class SongSearchScreen {
    let search: SongSearch
    /// The task `.task(id: query)` runs for the query typed last.
    private(set) var task: Task<Void, Never>?
    private var taskID: String?
    /// How many times observation said that what the body read changed: SwiftUI would draw
    /// the view again.
    let redraws = Counter()

    init(search: SongSearch) {
      self.search = search
    }

    /// The view appears with an empty field, or the field changes: as `.task(id: query)`,
    /// cancels the task of the query before and starts one for this query.
    func type(_ query: String) {
      guard query != taskID else { return }
      taskID = query
      task?.cancel()
      let search = search
      task = Task { await search.search(query) }
    }

    /// `.refreshable { @MainActor in await search.reload() }`.
    func pullToRefresh() async {
      await search.reload()
    }

    /// The Retry button, where the body shows one: `Task { await search.reload() }`.
    func pressRetry() async {
      let placeholder = search.stateMachine.presentedPresentation.placeholder
      guard (placeholder as? StandardPlaceholder)?.actions.contains(.retry) == true else {
        return XCTFail("no Retry button is shown")
      }
      let retry = Task { await search.reload() }
      _ = await retry.value
    }

    /// What the body shows, as text; the reads are observed, as SwiftUI observes a body's.
    func draw() -> String {
      let redraws = redraws
      return withObservationTracking {
        frame()
      } onChange: {
        redraws.increment()
      }
    }

    /// The body's switch, as text.
    private func frame() -> String {
      let presentation = search.stateMachine.presentedPresentation
      switch presentation.state.kind {
      case .idle:
        return "Search Songs"
      case .loading:
        return "spinner"
      case .content:
        return search.results.joined(separator: ", ")
          + (presentation.showsPreviousKey ? " (dimmed)" : "")
      default:
        let placeholder = presentation.placeholder as? StandardPlaceholder
        let retry = placeholder?.actions.first { $0.role == .retry }
        return "\(placeholder?.title ?? "") — \(placeholder?.message ?? "")"
          + (retry.map { " [\($0.title)]" } ?? "")
      }
    }
  }
}

#if canImport(SwiftUI)
  // Compiled where SwiftUI exists; `SongSearchScreen` makes its calls everywhere.
  extension SwiftUIAndUIKitExample {
    struct SongSearchView: View {
      @State private var search = SongSearch(catalog: .shared)
      @State private var query = ""

      var body: some View {
        NavigationStack {
          results
            .navigationTitle("Songs")
            .searchable(text: $query)
            .task(id: query) { await search.search(query) }
            .refreshable { @MainActor in await search.reload() }
        }
      }

      @ViewBuilder private var results: some View {
        let presentation = search.stateMachine.presentedPresentation
        switch presentation.state.kind {
        case .idle:
          ContentUnavailableView("Search Songs", systemImage: "magnifyingglass")
        case .loading:
          ProgressView()
        case .content:
          List(search.results, id: \.self) { Text($0) }
            .opacity(presentation.showsPreviousKey ? 0.5 : 1)
        default:
          let placeholder = presentation.placeholder as? StandardPlaceholder
          ContentUnavailableView {
            Label(placeholder?.title ?? "", systemImage: placeholder?.symbolName ?? "music.note")
          } description: {
            Text(placeholder?.message ?? "")
          } actions: {
            if let retry = placeholder?.actions.first(where: { $0.role == .retry }) {
              Button(retry.title) { Task { await search.reload() } }
            }
          }
        }
      }
    }
  }
#endif

@MainActor
final class SwiftUIAndUIKitExampleTests: XCTestCase {
  private typealias Example = SwiftUIAndUIKitExample

  func test_songSearch_drivenAsTheViewDrivesIt_searchesMarksRefreshesRetriesAndClears() async {
    let clock = ManualClock()
    let catalog = Example.SongCatalog(titles: ["Swift River", "Sunrise", "Swing Low"])
    let screen = Example.SongSearchScreen(
      search: Example.SongSearch(catalog: catalog, clock: clock))
    // Each state shows when it is decided: the test reads what the view would draw.
    screen.search.stateMachine.loadingPolicy = .immediate
    let strings = PlaceholderStrings.current

    screen.type("")  // The view appears: `.task(id: "")`.
    await settle()
    XCTAssertEqual(screen.draw(), "Search Songs")

    screen.type("s")
    await settle()
    XCTAssertEqual(screen.draw(), "spinner", "loading at once; the catalog waits for the debounce")
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    XCTAssertEqual(screen.draw(), "Swift River, Sunrise, Swing Low")

    screen.type("sw")
    await settle()
    XCTAssertEqual(
      screen.draw(), "Swift River, Sunrise, Swing Low (dimmed)", "the previous results")
    screen.type("swi")  // Before the debounce ends: SwiftUI cancels the task of "sw".
    await settle()
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    XCTAssertEqual(screen.draw(), "Swift River, Swing Low")
    var queries = await catalog.queries
    XCTAssertEqual(queries, ["s", "swi"], "\"sw\" was never asked for")

    await screen.pullToRefresh()  // No debounce: the query shown, at once.
    XCTAssertEqual(screen.draw(), "Swift River, Swing Low")
    XCTAssertFalse(screen.search.stateMachine.isRefreshing)
    queries = await catalog.queries
    XCTAssertEqual(queries.last, "swi")
    XCTAssertEqual(queries.count, 3)

    await catalog.failNextRequest()
    screen.type("sun")
    await settle()
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    XCTAssertEqual(
      screen.draw(),
      "\(StandardPlaceholder.error.title) — The catalog is offline. [\(strings.retry)]")
    await screen.pressRetry()
    XCTAssertEqual(screen.draw(), "Sunrise")

    screen.type("zz")
    await settle()
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    XCTAssertTrue(screen.draw().hasSuffix(strings.noResults(for: "zz")), screen.draw())

    screen.type("")  // The emptied field.
    await screen.task?.value
    XCTAssertEqual(screen.draw(), "Search Songs")
    XCTAssertEqual(screen.search.results, [])
    XCTAssertNil(screen.search.stateMachine.key, "nothing of the last query is left")
  }

  func test_songSearch_whatTheViewReads_saysToDrawAgain_whenTheResultsAreMarkedAndReplaced() async {
    let clock = ManualClock()
    let catalog = Example.SongCatalog(titles: ["Swift River", "Sunrise"])
    let screen = Example.SongSearchScreen(
      search: Example.SongSearch(catalog: catalog, clock: clock))
    // Each state shows when it is decided: the test reads what the view would draw.
    screen.search.stateMachine.loadingPolicy = .immediate
    screen.type("s")
    await settle()
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    _ = screen.draw()
    let before = screen.redraws.value

    screen.type("sw")  // Content stays content: only the presentation's mark changes.
    await settle()
    XCTAssertEqual(screen.redraws.value, before + 1, "the view is drawn again, dimmed")
    XCTAssertEqual(screen.draw(), "Swift River, Sunrise (dimmed)")
    clock.advance(by: .milliseconds(300))
    await screen.task?.value
    XCTAssertEqual(screen.redraws.value, before + 2, "and again with the new results")
    XCTAssertEqual(screen.draw(), "Swift River")
  }

  func test_songSearch_releasedWithItsView_withASearchWaitingForItsDebounce() async {
    weak var weakSearch: Example.SongSearch?
    weak var weakMachine: ContentStateMachine?
    var task: Task<Void, Never>?
    do {
      let clock = ManualClock()
      let screen = Example.SongSearchScreen(
        search: Example.SongSearch(catalog: Example.SongCatalog(titles: []), clock: clock))
      // Each state shows when it is decided: the test reads what the view would draw.
      screen.search.stateMachine.loadingPolicy = .immediate
      weakSearch = screen.search
      weakMachine = screen.search.stateMachine
      screen.type("s")
      await settle()
      task = screen.task
      task?.cancel()  // SwiftUI cancels the view's task when the view goes away.
    }
    await task?.value
    XCTAssertNil(weakSearch, "the view's @State was the model's only owner")
    XCTAssertNil(weakMachine)
  }

  #if !canImport(UIKit) || os(watchOS)
    // These read what the stand-in records and press its buttons.

    func test_playlistController_ownsAndPresentsItsModel_retries_andIsReleasedWithIt() async {
      weak var weakController: Example.PlaylistViewController?
      weak var weakPlaylist: Example.Playlist?
      weak var weakMachine: ContentStateMachine?
      do {
        let catalog = Example.SongCatalog(titles: ["Swift River", "Sunrise", "Swing Low"])
        await catalog.failNextRequest()
        let controller = Example.PlaylistViewController(catalog: catalog)
        // Each state shows when it is decided: the test reads every configuration.
        controller.playlist.stateMachine.loadingPolicy = .immediate
        weakController = controller
        weakPlaylist = controller.playlist
        weakMachine = controller.playlist.stateMachine
        XCTAssertTrue(controller.playlist.stateMachine.presenter === controller)

        controller.viewDidLoad()
        await settle()
        let shown = controller.shownConfigurations.compactMap { $0 }
        XCTAssertEqual(
          shown.map(\.text), [StandardPlaceholder.loading.title, StandardPlaceholder.error.title])
        XCTAssertEqual(shown.map(\.showsSpinner), [true, false])
        XCTAssertEqual(shown.last?.secondaryText, "The catalog is offline.")
        XCTAssertEqual(shown.last?.button.title, PlaceholderAction.retry.title)

        shown.last?.buttonProperties.primaryAction?.press()  // Retry.
        await settle()
        XCTAssertNil(controller.contentUnavailableConfiguration, "the content")
        XCTAssertEqual(controller.playlist.content, ["Swift River", "Sunrise"])
        XCTAssertEqual(controller.shownConfigurations.count, 4, "loading, error, loading, content")
      }
      XCTAssertNil(weakController, "controller → model → machine ⇢ controller (weak)")
      XCTAssertNil(weakPlaylist)
      XCTAssertNil(weakMachine)
    }

    func test_playlistController_releasedBeforeItsLoadEnds_isReleasedWhenTheLoadEnds() async {
      weak var weakController: Example.PlaylistViewController?
      weak var weakMachine: ContentStateMachine?
      do {
        let controller = Example.PlaylistViewController(
          catalog: Example.SongCatalog(titles: ["Sunrise"]))
        weakController = controller
        weakMachine = controller.playlist.stateMachine
        controller.viewDidLoad()  // The task holds the controller until the load ends.
      }
      await settle()
      XCTAssertNil(weakController, "the load ended; nothing holds the controller")
      XCTAssertNil(weakMachine)
    }
  #endif
}
