import Foundation
import StatefulContent
import StatefulContentTesting
import XCTest

// The Swift blocks of the Concurrency Patterns article, copied exactly (`DocExampleCoverageTests`
// checks the copies). The blocks that work are compiled here and run. The two blocks the
// article shows failing are copied into strings, which `swiftc` must reject with the errors the
// article quotes — and accept once fixed. Several blocks declare the same names, so each lives
// in an enum of its own; the names the blocks use without declaring them are declared here.

enum ConcurrencyExample {
  struct Message: Sendable, Equatable {
    var subject: String
  }

  actor MailService {
    static let shared = MailService()

    func messages() async throws -> [Message] { [Message(subject: "Hello")] }
  }

  struct Item: Sendable, Equatable {
    var name: String
  }

  /// The server the API clients call: it answers with `answer`, or holds a request until a
  /// gate opens; a held request whose task is cancelled ends with `CancellationError`.
  actor Backend {
    var answer: [Item]
    private(set) var requestCount = 0
    private(set) var cancelledRequestCount = 0
    private var held: [Gate<[Item]>] = []

    init(answer: [Item] = [Item(name: "Lamp")]) {
      self.answer = answer
    }

    /// Holds the next request until `gate` opens.
    func holdNextRequest(until gate: Gate<[Item]>) {
      held.append(gate)
    }

    func items() async throws -> [Item] {
      requestCount += 1
      guard !held.isEmpty else { return answer }
      let gate = held.removeFirst()
      do {
        return try await withTaskCancellationHandler {
          try await gate.wait()
        } onCancel: {
          gate.fail(with: CancellationError())
        }
      } catch {
        if Task.isCancelled { cancelledRequestCount += 1 }
        throw error
      }
    }
  }

  /// A mail client that is not `Sendable`: it runs on its caller's actor.
  final class MailClient {
    var requestCount = 0

    nonisolated(nonsending) func messages() async throws -> [Message] {
      requestCount += 1
      return try await MailService.shared.messages()
    }
  }

  /// A cache that is not `Sendable`.
  final class ItemCache {
    private(set) var stored: [[Item]] = []

    func store(_ items: [Item]) { stored.append(items) }
  }

  // MARK: A model owned by an actor

  enum WeakSelf {
    /// The failing block of "What not to do", for `swiftc`.
    static let source = #"""
      import StatefulContent

      final class Inbox: StatefulContent {
        let stateMachine = ContentStateMachine()
        var content: [Message] = []

        func refresh(isolation: isolated (any Actor)? = #isolation) async {
          await load(into: \.content) { [weak self] _ in
            guard let self else { return [] }
            return self.content
          }
        }
      }
      """#
  }

  enum OwnedByAnActor {
    /// The failing block, for `swiftc`.
    static let source = #"""
      import StatefulContent

      final class Inbox: StatefulContent {
        let stateMachine: ContentStateMachine
        var content: [Message] = []

        init(presenter: some Presenter) {
          stateMachine = ContentStateMachine(presenter: presenter)
        }

        func refresh() async {
          await load(into: \.content) { _ in try await MailService.shared.messages() }
        }
      }

      actor MailStore {
        let inbox: Inbox

        init(presenter: some Presenter) {
          inbox = Inbox(presenter: presenter)
        }

        func refresh() async {
          await inbox.refresh()
        }
      }
      """#
  }

  enum IsolatedParameter {
    final class Inbox: StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Message] = []

      init(presenter: some Presenter) {
        stateMachine = ContentStateMachine(presenter: presenter)
      }

      func refresh(isolation: isolated (any Actor)? = #isolation) async {
        await load(into: \.content) { _ in try await MailService.shared.messages() }
      }
    }

    actor MailStore {
      let inbox: Inbox

      init(presenter: some Presenter) {
        inbox = Inbox(presenter: presenter)
      }

      func refresh() async {
        await inbox.refresh()
      }
    }
  }

  enum Nonsending {
    final class Inbox: StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Message] = []

      init(presenter: some Presenter) {
        stateMachine = ContentStateMachine(presenter: presenter)
      }

      nonisolated(nonsending) func refresh() async {
        await load(into: \.content) { _ in try await MailService.shared.messages() }
      }
    }

    actor MailStore {
      let inbox: Inbox

      init(presenter: some Presenter) {
        inbox = Inbox(presenter: presenter)
      }

      func refresh() async {
        await inbox.refresh()
      }
    }
  }

  // MARK: A service that is not Sendable

  enum NonSendableService {
    /// The failing block, for `swiftc`.
    static let source = #"""
      import StatefulContent

      final class APIClient {
        let backend: Backend
        var requestCount = 0

        init(backend: Backend) {
          self.backend = backend
        }

        func items() async throws -> [Item] {
          requestCount += 1
          return try await backend.items()
        }
      }

      @MainActor
      final class Catalog: @MainActor StatefulContent {
        let stateMachine: ContentStateMachine
        var content: [Item] = []
        let api: APIClient

        init(presenter: some Presenter, api: APIClient) {
          stateMachine = ContentStateMachine(presenter: presenter)
          self.api = api
        }

        func refresh() async {
          await load(into: \.content) { [api] _ in try await api.items() }
        }
      }
      """#

    /// The service of the failing block, compiled: the operation creates it.
    final class APIClient {
      let backend: Backend
      var requestCount = 0

      init(backend: Backend) {
        self.backend = backend
      }

      func items() async throws -> [Item] {
        requestCount += 1
        return try await backend.items()
      }
    }
  }

  enum SendableService {
    actor APIClient {
      let backend: Backend
      var requestCount = 0

      init(backend: Backend) {
        self.backend = backend
      }

      func items() async throws -> [Item] {
        requestCount += 1
        return try await backend.items()
      }
    }

    @MainActor
    final class Catalog: @MainActor StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Item] = []
      let api: APIClient

      init(presenter: some Presenter, api: APIClient) {
        stateMachine = ContentStateMachine(presenter: presenter)
        self.api = api
      }

      func refresh() async {
        await load(into: \.content) { [api] _ in try await api.items() }
      }
    }
  }

  enum ServiceCreatedInTheOperation {
    typealias APIClient = NonSendableService.APIClient

    @MainActor
    final class Catalog: @MainActor StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Item] = []
      let backend: Backend

      init(presenter: some Presenter, backend: Backend) {
        stateMachine = ContentStateMachine(presenter: presenter)
        self.backend = backend
      }

      func refresh() async {
        await load(into: \.content) { [backend] _ in
          let api = APIClient(backend: backend)
          return try await api.items()
        }
      }
    }
  }

  enum MainActorOperation {
    final class APIClient {
      let backend: Backend
      var requestCount = 0

      init(backend: Backend) {
        self.backend = backend
      }

      nonisolated(nonsending) func items() async throws -> [Item] {
        requestCount += 1
        return try await backend.items()
      }
    }

    @MainActor
    final class Catalog: @MainActor StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Item] = []
      let api: APIClient

      init(machine: ContentStateMachine, api: APIClient) {
        stateMachine = machine
        self.api = api
      }

      func refresh() async {
        await load(into: \.content) { @MainActor [api] _ in try await api.items() }
      }

      func refreshWithoutLoad() async {
        startLoading()
        do {
          content = try await api.items()
          endLoading()
        } catch {
          endLoading(error: error)
        }
      }
    }
  }

  enum OwningActor {
    final class Inbox: StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Message] = []

      init(presenter: some Presenter) {
        stateMachine = ContentStateMachine(presenter: presenter)
      }
    }

    actor MailStore {
      let inbox: Inbox
      let client = MailClient()  // not Sendable; its methods are nonisolated(nonsending)

      init(presenter: some Presenter) {
        inbox = Inbox(presenter: presenter)
      }

      func messages() async throws -> [Message] {
        try await client.messages()
      }

      func refresh() async {
        // The operation holds the store while the load runs, and no longer.
        await inbox.load(into: \.content) { _ in try await self.messages() }
      }
    }
  }

  enum WorkInApply {
    @MainActor
    final class Catalog: @MainActor StatefulContent {
      let stateMachine: ContentStateMachine
      var content: [Item] = []
      let backend: Backend
      let cache = ItemCache()

      init(presenter: some Presenter, backend: Backend) {
        stateMachine = ContentStateMachine(presenter: presenter)
        self.backend = backend
      }

      func refresh() async {
        await load { [backend] _ in
          try await backend.items()
        } apply: { catalog, items in
          catalog.cache.store(items)
          catalog.content = items
        }
      }
    }
  }
}

// What the tests read of the actors' models, from outside.
extension ConcurrencyExample.IsolatedParameter.MailStore {
  var inboxState: (content: [ConcurrencyExample.Message], state: ContentState) {
    (inbox.content, inbox.currentState)
  }

  /// The actor calls `load` itself, as the article says it may.
  func refreshDirectly() async -> LoadOutcome {
    await inbox.load(into: \.content) { _ in
      try await ConcurrencyExample.MailService.shared.messages()
    }
  }
}

extension ConcurrencyExample.Nonsending.MailStore {
  var inboxState: (content: [ConcurrencyExample.Message], state: ContentState) {
    (inbox.content, inbox.currentState)
  }
}

extension ConcurrencyExample.OwningActor.MailStore {
  var inboxState: (content: [ConcurrencyExample.Message], state: ContentState) {
    (inbox.content, inbox.currentState)
  }

  var clientRequestCount: Int { client.requestCount }
}

final class ConcurrencyExampleTests: XCTestCase {
  private typealias Example = ConcurrencyExample
  private let hello = [ConcurrencyExample.Message(subject: "Hello")]
  private let lamp = [ConcurrencyExample.Item(name: "Lamp")]

  // MARK: A model owned by an actor

  func test_plainAsyncMethod_calledByTheOwningActor_isRejectedWithTheQuotedError() throws {
    let result = try compile(Example.OwnedByAnActor.source)
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains("error: sending 'self.inbox' risks causing data races"),
      result.output)
    XCTAssertTrue(
      result.output.contains(
        "note: sending 'self'-isolated 'self.inbox' to nonisolated instance method 'refresh()' "
          + "risks causing data races between nonisolated and 'self'-isolated uses"),
      result.output)
  }

  func test_plainAsyncMethod_calledByAMainActorOwner_isRejectedToo() throws {
    let source = Example.OwnedByAnActor.source
    XCTAssertTrue(source.contains("actor MailStore {"))
    let result = try compile(
      source.replacingOccurrences(
        of: "actor MailStore {", with: "@MainActor final class MailStore {"))
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains("error: sending 'self.inbox' risks causing data races"),
      result.output)
    XCTAssertTrue(
      result.output.contains("note: sending main actor-isolated 'self.inbox'"), result.output)
  }

  func test_plainAsyncMethod_compilesWithEitherFixOfTheArticle_forEitherOwner() throws {
    for owner in ["actor MailStore {", "@MainActor final class MailStore {"] {
      let source = Example.OwnedByAnActor.source.replacingOccurrences(
        of: "actor MailStore {", with: owner)
      // The inbox's method comes first; the store's, of the same name, stays as it is.
      let plain = try XCTUnwrap(source.range(of: "  func refresh() async {"))
      for fix in [
        "  func refresh(isolation: isolated (any Actor)? = #isolation) async {",
        "  nonisolated(nonsending) func refresh() async {",
      ] {
        let result = try compile(source.replacingCharacters(in: plain, with: fix))
        XCTAssertEqual(result.status, 0, "\(owner) \(fix)\n\(result.output)")
      }
    }
  }

  func test_isolatedParameter_theOwningActorRefreshesItsInbox() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let store = Example.IsolatedParameter.MailStore(presenter: keptPresenter)
    var inbox = await store.inboxState
    XCTAssertEqual(inbox.state, .idle)
    await store.refresh()
    inbox = await store.inboxState
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(inbox.state, .content)
  }

  func test_isolatedParameter_theActorMayCallLoadItself() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let store = Example.IsolatedParameter.MailStore(presenter: keptPresenter)
    let outcome = await store.refreshDirectly()
    XCTAssertEqual(outcome, .completed)
    let inbox = await store.inboxState
    XCTAssertEqual(inbox.content, hello)
  }

  @MainActor
  func test_isolatedParameter_theSameInboxRefreshesFromTheMainActor() async {
    let presenter = RecordingPresenter()
    let inbox = Example.IsolatedParameter.Inbox(presenter: presenter)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    await inbox.refresh()
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  func test_isolatedParameter_theSameInboxRefreshesFromATask() async {
    let presenter = RecordingPresenter()
    let inbox = Example.IsolatedParameter.Inbox(presenter: presenter)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    await inbox.refresh()
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  func test_nonsending_theOwningActorRefreshesItsInbox() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let store = Example.Nonsending.MailStore(presenter: keptPresenter)
    await store.refresh()
    let inbox = await store.inboxState
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(inbox.state, .content)
  }

  @MainActor
  func test_nonsending_theSameInboxRefreshesFromTheMainActor() async {
    let presenter = RecordingPresenter()
    let inbox = Example.Nonsending.Inbox(presenter: presenter)
    inbox.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    await inbox.refresh()
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  // MARK: A service that is not Sendable

  func test_capturingANonSendableService_isRejectedWithTheQuotedError() throws {
    let result = try compile(Example.NonSendableService.source)
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains(
        "error: capture of 'api' with non-Sendable type 'APIClient' in a '@Sendable' closure"),
      result.output)
  }

  func test_mainActorOperation_needsTheServiceToRunOnItsCallersActor() throws {
    let source = Example.NonSendableService.source
    let capture = "{ [api] _ in"
    XCTAssertTrue(source.contains(capture))
    let onMainActor = source.replacingOccurrences(of: capture, with: "{ @MainActor [api] _ in")
    let plain = try compile(onMainActor)
    XCTAssertNotEqual(plain.status, 0, plain.output)
    XCTAssertTrue(
      plain.output.contains("error: sending 'api' risks causing data races"), plain.output)
    let method = "  func items() async throws -> [Item] {"
    XCTAssertTrue(source.contains(method))
    let nonsending = try compile(
      onMainActor.replacingOccurrences(
        of: method, with: "  nonisolated(nonsending) func items() async throws -> [Item] {"))
    XCTAssertEqual(nonsending.status, 0, nonsending.output)
  }

  @MainActor
  func test_sendableService_theOperationCapturesIt() async {
    let api = Example.SendableService.APIClient(backend: Example.Backend())
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.SendableService.Catalog(presenter: keptPresenter, api: api)
    await catalog.refresh()
    XCTAssertEqual(catalog.content, lamp)
    let requests = await api.requestCount
    XCTAssertEqual(requests, 1)
  }

  @MainActor
  func test_serviceCreatedInTheOperation_eachAttemptHasItsOwn() async {
    let backend = Example.Backend()
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.ServiceCreatedInTheOperation.Catalog(
      presenter: keptPresenter, backend: backend)
    await catalog.refresh()
    XCTAssertEqual(catalog.content, lamp)
    await catalog.refresh()
    let requests = await backend.requestCount
    XCTAssertEqual(requests, 2)
    XCTAssertEqual(catalog.currentState, .content)
  }

  @MainActor
  func test_mainActorOperation_usesTheModelsService() async {
    let presenter = RecordingPresenter()
    let api = Example.MainActorOperation.APIClient(backend: Example.Backend())
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: presenter), api: api)
    catalog.stateMachine.loadingPolicy = .immediate  // What shows at once is checked.
    await catalog.refresh()
    XCTAssertEqual(catalog.content, lamp)
    XCTAssertEqual(api.requestCount, 1)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  @MainActor
  func test_mainActorOperation_theShowDelayElapsesWhileItWaits() async throws {
    let presenter = RecordingPresenter()
    let clock = ManualClock()
    let backend = Example.Backend()
    let gate = Gate<[Example.Item]>()
    await backend.holdNextRequest(until: gate)
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: presenter, clock: clock),
      api: Example.MainActorOperation.APIClient(backend: backend))
    catalog.stateMachine.loadingPolicy = .smooth
    let refresh = Task { await catalog.refresh() }
    try await settle { clock.sleeperCount == 1 && gate.waiterCount == 1 }
    XCTAssertEqual(presenter.presentedKinds, [])
    clock.advance(by: .milliseconds(150))  // the operation is still waiting
    try await settle("\(presenter.presentedKinds)") { presenter.presentedKinds == [.loading] }
    gate.open(with: lamp)
    try await settle { clock.sleeperCount == 1 }  // the minimum display time
    clock.advance(by: .milliseconds(400))
    await refresh.value
    XCTAssertEqual(catalog.content, lamp)
    XCTAssertEqual(presenter.presentedKinds, [.loading, .content])
  }

  @MainActor
  func test_mainActorOperation_aNewerRefreshSupersedesAndCancelsIt() async throws {
    let backend = Example.Backend(answer: [Example.Item(name: "Desk")])
    let gate = Gate<[Example.Item]>()
    await backend.holdNextRequest(until: gate)
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: keptPresenter),
      api: Example.MainActorOperation.APIClient(backend: backend))
    let older = Task { await catalog.refresh() }
    try await settle { gate.waiterCount == 1 }
    await catalog.refresh()
    await older.value
    XCTAssertEqual(catalog.content, [Example.Item(name: "Desk")])
    let cancelled = await eventually { await backend.cancelledRequestCount == 1 }
    XCTAssertTrue(cancelled, "the older operation's task was not cancelled")
    gate.open(with: lamp)  // too late: nothing of the older load is applied
    await settle(turns: 100)
    XCTAssertEqual(catalog.content, [Example.Item(name: "Desk")])
  }

  @MainActor
  func test_mainActorOperation_cancellingTheRefreshCancelsItAndRestores() async throws {
    let presenter = RecordingPresenter()
    let backend = Example.Backend()
    let gate = Gate<[Example.Item]>()
    await backend.holdNextRequest(until: gate)
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: presenter),
      api: Example.MainActorOperation.APIClient(backend: backend))
    let refresh = Task { await catalog.refresh() }
    try await settle { gate.waiterCount == 1 }
    XCTAssertEqual(catalog.currentState.kind, .loading)
    refresh.cancel()
    await refresh.value
    XCTAssertEqual(catalog.currentState, .idle)
    XCTAssertEqual(catalog.content, [])
    let cancelled = await eventually { await backend.cancelledRequestCount == 1 }
    XCTAssertTrue(cancelled, "the operation's task was not cancelled")
  }

  @MainActor
  func test_categoryAPI_bracketsTheServicesCall() async {
    let backend = Example.Backend()
    let api = Example.MainActorOperation.APIClient(backend: backend)
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: keptPresenter), api: api)
    await catalog.refreshWithoutLoad()
    XCTAssertEqual(catalog.content, lamp)
    XCTAssertEqual(catalog.currentState, .content)
    XCTAssertEqual(api.requestCount, 1)

    let failing = Gate<[Example.Item]>()
    await backend.holdNextRequest(until: failing)
    failing.fail(with: TestError("offline"))
    catalog.content = []
    await catalog.refreshWithoutLoad()
    XCTAssertEqual(catalog.currentState.kind, .error)
  }

  @MainActor
  func test_categoryAPI_overlappingRefreshesBothApply_theFirstToFinishEndsLoading() async throws {
    let backend = Example.Backend()
    let older = Gate<[Example.Item]>()
    let newer = Gate<[Example.Item]>()
    await backend.holdNextRequest(until: older)
    await backend.holdNextRequest(until: newer)
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.MainActorOperation.Catalog(
      machine: ContentStateMachine(presenter: keptPresenter),
      api: Example.MainActorOperation.APIClient(backend: backend))
    let first = Task { await catalog.refreshWithoutLoad() }
    try await settle { older.waiterCount == 1 }
    let second = Task { await catalog.refreshWithoutLoad() }
    try await settle { newer.waiterCount == 1 }
    newer.open(with: [Example.Item(name: "Desk")])
    await second.value
    XCTAssertEqual(catalog.currentState, .content)  // loading ended, the older still waits
    XCTAssertFalse(catalog.stateMachine.isLoading)
    older.open(with: lamp)
    await first.value
    XCTAssertEqual(catalog.content, lamp)  // the older result, finishing last, replaced it
  }

  func test_owningActor_theOperationHopsIntoItForTheService() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let store = Example.OwningActor.MailStore(presenter: keptPresenter)
    await store.refresh()
    let inbox = await store.inboxState
    XCTAssertEqual(inbox.content, hello)
    XCTAssertEqual(inbox.state, .content)
    let requests = await store.clientRequestCount
    XCTAssertEqual(requests, 1)
  }

  func test_owningActor_isReleasedAfterALoad() async throws {
    weak var released: Example.OwningActor.MailStore?
    do {
      let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
      let store = Example.OwningActor.MailStore(presenter: keptPresenter)
      released = store
      await store.refresh()
      let inbox = await store.inboxState
      XCTAssertEqual(inbox.state, .content)
    }
    // The load's cancelled tasks end on the actor's executor, which a busy machine may run
    // a moment later: released then, not kept.
    try await settle { released == nil }
    XCTAssertNil(released, "an operation that captured the store is released with its load")
  }

  @MainActor
  func test_workInApply_runsOnTheModelsIsolationOnce() async {
    let keptPresenter = RecordingPresenter()  // the machine holds its presenter weakly
    let catalog = Example.WorkInApply.Catalog(
      presenter: keptPresenter, backend: Example.Backend())
    await catalog.refresh()
    XCTAssertEqual(catalog.content, lamp)
    XCTAssertEqual(catalog.cache.stored, [lamp])
  }

  func test_weakSelf_inTheOperationOfAModelThatIsNotSendable_doesNotCompile() throws {
    let result = try compile(Example.WeakSelf.source)
    XCTAssertNotEqual(result.status, 0, result.output)
    XCTAssertTrue(
      result.output.contains(
        "error: capture of 'self' with non-Sendable type 'Inbox?' in a '@Sendable' closure"),
      result.output)
  }

  // MARK: Helpers

  /// Gives other tasks turns until an actor's state satisfies `condition`.
  private func eventually(
    isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
  ) async -> Bool {
    for _ in 0..<10_000 {
      if await condition() { return true }
      await Task.yield()
    }
    return await condition()
  }

  /// Compiles a failing block of the article in the Swift 6 language mode against the
  /// `StatefulContent` module these tests were built with.
  private func compile(_ block: String) throws -> ToolRun {
    #if !os(Linux)
      throw XCTSkip("the failing blocks are compiled on Linux, where CI runs")
    #else
      return try BuiltModules.compile(block + "\n" + Self.prelude)
    #endif
  }

  /// The names the failing blocks use without declaring them.
  private static let prelude = """
    struct Message: Sendable {}
    struct Item: Sendable {}
    actor MailService {
      static let shared = MailService()
      func messages() async throws -> [Message] { [] }
    }
    actor Backend {
      func items() async throws -> [Item] { [] }
    }
    """

}
