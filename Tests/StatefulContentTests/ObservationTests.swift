import Observation
import StatefulContentTesting
import XCTest

@testable import StatefulContent

@MainActor
final class ObservationTests: XCTestCase {
  func test_machineIsObservable() {
    let model = TestModel(presenter: RecordingPresenter())
    let changes = Counter()
    withObservationTracking {
      _ = model.stateMachine.requestedState
    } onChange: {
      changes.increment()
    }
    model.startLoading()
    XCTAssertEqual(changes.value, 1)
    withObservationTracking {
      _ = model.stateMachine.isRefreshing
    } onChange: {
      changes.increment()
    }
    model.content = ["a"]
    model.startLoading()
    XCTAssertEqual(changes.value, 2)
  }

  func test_stateChanges_reachEveryConsumer_inOrder() async {
    let model = TestModel(presenter: RecordingPresenter())
    let first = model.stateMachine.stateChanges()
    let second = model.stateMachine.stateChanges()
    model.startLoading()
    model.endLoading(error: TestError())
    model.content = ["a"]
    model.endLoading()
    var firstIterator = first.makeAsyncIterator()
    var secondIterator = second.makeAsyncIterator()
    var seen: [[ContentState.Kind]] = [[], []]
    for _ in 0..<3 {
      if let change = await firstIterator.next() { seen[0].append(change.to.kind) }
      if let change = await secondIterator.next() { seen[1].append(change.to.kind) }
    }
    XCTAssertEqual(seen[0], [.loading, .error, .content])
    XCTAssertEqual(seen[1], seen[0])
  }

  func test_consumerThatStops_isReleased() async {
    let model = TestModel(presenter: RecordingPresenter())
    let machine = model.stateMachine
    let consumer = Task {
      for await change in machine.stateChanges() where change.to.kind == .error { break }
    }
    await settle { machine.stateChangeConsumerCount == 1 }
    model.startLoading()
    model.endLoading(error: TestError())
    await consumer.value
    XCTAssertEqual(machine.stateChangeConsumerCount, 0)
    let cancelled = Task { for await _ in machine.stateChanges() {} }
    await settle { machine.stateChangeConsumerCount == 1 }
    cancelled.cancel()
    await cancelled.value
    XCTAssertEqual(machine.stateChangeConsumerCount, 0)
  }

  func test_streamsEnd_whenTheMachineIsReleased() async {
    var model: TestModel? = TestModel(presenter: RecordingPresenter())
    let stream = model?.stateMachine.stateChanges()
    model = nil
    var count = 0
    if let stream { for await _ in stream { count += 1 } }
    XCTAssertEqual(count, 0)
  }
}
