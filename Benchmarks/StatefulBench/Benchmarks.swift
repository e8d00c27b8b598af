import Foundation
import StatefulContent

/// A model adopting `StatefulContent`, as an app's would.
final class BenchModel: StatefulContent {
  let stateMachine: ContentStateMachine
  var content: [Int] = []

  init(presenter: some Presenter) {
    stateMachine = ContentStateMachine(presenter: presenter)
    // The rows measure the machine's own cost, as before the default became `.smooth`: no
    // show-delay or minimum-display timers.
    stateMachine.loadingPolicy = .immediate
  }
}

/// A synchronous presenter: it shows each presentation before returning, and counts them.
final class SynchronousCountingPresenter: SynchronousPresenter {
  var count = 0
  func present(_ presentation: Presentation, animated: Bool) {
    count += 1
  }
}

/// A presenter that calls its `finished` closure at once and counts what it presents.
final class ImmediatePresenter: Presenter {
  var count = 0
  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    count += 1
    finished()
  }
}

/// A presenter that finishes later, like an animation.
final class DeferredPresenter: Presenter {
  var count = 0
  var pending: (() -> Void)?
  func present(_ presentation: Presentation, animated: Bool, finished: @escaping () -> Void) {
    count += 1
    pending = finished
  }

  func finish() {
    let finished = pending
    pending = nil
    finished?()
  }
}

/// The hand-written baseline: an enum switch that calls a closure, which is what an app
/// without the library would write at the least.
enum BaselineState { case loading, content, empty }

final class BaselineModel {
  var state = BaselineState.empty
  var hasContent = false
  let show: (BaselineState) -> Void
  init(show: @escaping (BaselineState) -> Void) { self.show = show }

  func startLoading() { transition(hasContent ? .content : .loading) }
  func endLoading() { transition(hasContent ? .content : .empty) }
  private func transition(_ new: BaselineState) {
    guard new != state else { return }
    state = new
    switch new {
    case .loading, .content, .empty: show(new)
    }
  }
}

/// One benchmark's result.
struct BenchResult: Codable {
  var name: String
  var value: Double
  var unit: String
  var note: String
}

/// Times `body`, repeated `iterations` times, and returns nanoseconds per iteration.
@inline(never)
func nanoseconds(per iterations: Int, _ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let elapsed = clock.measure(body)
  let (seconds, attoseconds) = elapsed.components
  return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(iterations)
}

/// The best of several timed rounds, in nanoseconds per iteration: on a shared machine the
/// fastest round is the one least disturbed by other work, so it is the most repeatable.
@inline(never)
func bestNanoseconds(rounds: Int, per iterations: Int, _ body: () -> Void) -> Double {
  (0..<rounds).map { _ in nanoseconds(per: iterations, body) }.min() ?? .nan
}

/// The best of several timed rounds of each body, in nanoseconds per iteration, the bodies
/// taking turns within each round: a slow phase of a shared machine then slows all of them
/// alike instead of whichever happened to run during it, so their ratios are fair.
@inline(never)
func bestNanosecondsInterleaved(rounds: Int, per iterations: Int, _ bodies: [() -> Void])
  -> [Double]
{
  var best = [Double](repeating: .infinity, count: bodies.count)
  for _ in 0..<rounds {
    for (index, body) in bodies.enumerated() {
      best[index] = min(best[index], nanoseconds(per: iterations, body))
    }
  }
  return best
}

/// The resident memory of this process, in bytes (Linux; 0 elsewhere).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }
