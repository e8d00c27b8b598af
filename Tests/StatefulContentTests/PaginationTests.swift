import StatefulContent
import StatefulContentTesting
import XCTest

/// Page appends: `loadMore` never replaces the content, a refresh supersedes it, and Retry
/// runs the failed page only.
final class PaginationTests: LoadTestCase {
  /// The first page: 1, 2, 3.
  private func loadFirstPage() async {
    let outcome = await model.loadReloadable { _ in ["1", "2", "3"] }
    XCTAssertEqual(outcome, .completed)
  }

  /// Starts appending `gate`'s page, in a task of its own.
  private func appendPage(_ gate: Gate<[String]>, ignoringCancellation: Bool = false)
    -> Task<LoadOutcome, Never>
  {
    let model = model
    return Task {
      await model.loadMore { _ in
        try await gate.wait(ignoringCancellation: ignoringCancellation)
      } apply: { model, page in
        model.content += page
      }
    }
  }

  func test_anAppend_keepsTheContent_withItsOwnLoadingState_thenAddsThePage() async throws {
    await loadFirstPage()
    let gate = Gate<[String]>()
    let append = appendPage(gate)
    try await settle { self.presenter.lastPresentation?.append.isLoading == true }
    XCTAssertEqual(presenter.lastPresentation?.state, .content, "the content stays")
    XCTAssertEqual(model.stateMachine.appendState.isLoading, true)
    XCTAssertFalse(model.stateMachine.isLoading, "not a load of the content")
    gate.open(with: ["4", "5", "6"])
    let outcome = await append.value
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(model.content, ["1", "2", "3", "4", "5", "6"])
    XCTAssertEqual(presenter.lastPresentation?.append.isLoading, false)
  }

  func test_reload_afterAnAppend_loadsTheFirstPageAgain_notTheAppendedOne() async {
    await loadFirstPage()
    await model.loadMore { _ in
      ["4", "5", "6"]
    } apply: { model, page in
      model.content += page
    }
    XCTAssertEqual(model.content, ["1", "2", "3", "4", "5", "6"])
    let outcome = await model.reload()
    XCTAssertEqual(outcome, .completed)
    XCTAssertEqual(
      model.content, ["1", "2", "3"], "it was [1…6, 4, 5, 6] when reload repeated page 2")
  }

  func test_aRefresh_supersedesARunningAppend_whosePageIsNeverApplied() async throws {
    await loadFirstPage()
    let gate = Gate<[String]>()
    let append = appendPage(gate, ignoringCancellation: true)
    try await settle { gate.waiterCount == 1 }
    let refresh = await model.load(into: \.content) { _ in ["1", "2", "3"] }
    XCTAssertEqual(refresh, .completed)
    let outcome = await append.value
    XCTAssertEqual(outcome, .superseded)
    gate.open(with: ["late"])
    await settle()
    XCTAssertEqual(model.content, ["1", "2", "3"])
    XCTAssertEqual(model.stateMachine.appendState.isLoading, false)
  }

  func test_anAppendDuringARefresh_doesNotStart() async throws {
    await loadFirstPage()
    let gate = Gate<[String]>()
    let model = model
    let refresh = Task { await model.load(into: \.content) { _ in try await gate.wait() } }
    try await settle { model.stateMachine.isLoading }
    let runs = Counter()
    let append = await model.loadMore { _ in
      runs.increment()
      return ["4"]
    } apply: { model, page in
      model.content += page
    }
    XCTAssertEqual(append, .superseded)
    XCTAssertEqual(runs.value, 0)
    gate.open(with: ["a"])
    let outcome = await refresh.value
    XCTAssertEqual(outcome, .completed, "the refresh goes on")
    XCTAssertEqual(model.content, ["a"])
  }

  func test_aFailedAppend_keepsTheContent_andRetryRunsThatPageOnly() async {
    await loadFirstPage()
    let attempts = Counter()
    // The adopter's page method: the page it asks for advances only when a page is applied.
    func appendNextPage(
      _ model: TestModel, isolation: isolated (any Actor)? = #isolation
    ) async -> LoadOutcome {
      await model.loadMore { _ in
        attempts.increment()
        if attempts.value == 1 { throw TestError("timeout") }
        return ["4"]
      } apply: { model, page in
        model.content += page
      }
    }
    let failed = await appendNextPage(model)
    XCTAssertEqual(failed, .failed(TestError("timeout")))
    XCTAssertEqual(model.currentState, .content, "never an error state")
    XCTAssertEqual(model.content, ["1", "2", "3"])
    XCTAssertEqual(model.stateMachine.appendState.error as? TestError, TestError("timeout"))
    XCTAssertEqual(presenter.lastPresentation?.append.error as? TestError, TestError("timeout"))
    XCTAssertEqual(model.reportedErrors, [], "the footer shows it, not the error hook")
    let retried = await appendNextPage(model)
    XCTAssertEqual(retried, .completed)
    XCTAssertEqual(model.content, ["1", "2", "3", "4"], "that page, once")
    XCTAssertNil(model.stateMachine.appendState.error)
  }

  func test_anAppendWhileAnotherRuns_doesNotStart() async throws {
    await loadFirstPage()
    let gate = Gate<[String]>()
    let first = appendPage(gate)
    try await settle { gate.waiterCount == 1 }
    let second = await model.loadMore { _ in
      ["x"]
    } apply: { model, page in
      model.content += page
    }
    XCTAssertEqual(second, .superseded, "one append at a time")
    gate.open(with: ["4"])
    _ = await first.value
    XCTAssertEqual(model.content, ["1", "2", "3", "4"])
  }

  func test_anAppendBehindAnError_doesNotStart() async {
    _ = await model.load(into: \.content) { _ in throw TestError("offline") }
    let runs = Counter()
    let outcome = await model.loadMore { _ in
      runs.increment()
      return ["1"]
    } apply: { model, page in
      model.content += page
    }
    XCTAssertEqual(outcome, .superseded, "no content is shown to append to")
    XCTAssertEqual(runs.value, 0)
  }

  func test_cancellingTheAppendsTask_endsIt_withoutAnError() async throws {
    await loadFirstPage()
    let gate = Gate<[String]>()
    let append = appendPage(gate)
    try await settle { gate.waiterCount == 1 }
    append.cancel()
    let outcome = await append.value
    XCTAssertEqual(outcome, .cancelled)
    XCTAssertEqual(model.content, ["1", "2", "3"])
    XCTAssertFalse(model.stateMachine.appendState.isLoading)
    XCTAssertNil(model.stateMachine.appendState.error)
  }
}
