import Foundation
import StatefulContent

// stateful-bench: measures StatefulContent's costs. Run in release mode:
//   swift run -c release stateful-bench [--json] [--quick] [--only a|b|g] [--file FILE]
// `--only a` (or `b`) runs that row alone and prints it: for a profiler, such as
//   valgrind --tool=callgrind .build/release/stateful-bench --quick --only a
// Row g, the document viewer's first screen of a 200 MiB log (or of `--file FILE`) against
// `head -n 40` of it, takes 9–17 s: a full run ends with it, `--quick` leaves it out, and
// `--only g` runs it alone and prints its report too.

let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let quick = arguments.contains("--quick")
func value(of option: String) -> String? {
  arguments.firstIndex(of: option).flatMap { index in
    arguments.index(after: index) < arguments.endIndex ? arguments[index + 1] : nil
  }
}
let only = value(of: "--only")
let file = value(of: "--file")
let cycles = quick ? 20_000 : 200_000
let rounds = quick ? 1 : 15
var results: [BenchResult] = []

// (a) One startLoading → endLoading cycle with a presenter that finishes at once — a
// SynchronousPresenter, and a Presenter that calls `finished` before returning — against the
// hand-written baseline, all three taking turns in every round.
if only == nil || only == "a" {
  let synchronousPresenter = SynchronousCountingPresenter()
  let synchronousModel = BenchModel(presenter: synchronousPresenter)
  let closurePresenter = ImmediatePresenter()
  let closureModel = BenchModel(presenter: closurePresenter)
  for _ in 0..<1_000 {
    synchronousModel.startLoading()
    synchronousModel.endLoading(animated: false)
    closureModel.startLoading()
    closureModel.endLoading(animated: false)
  }
  var shown = 0
  let baselineModel = BaselineModel { _ in shown += 1 }
  let best = bestNanosecondsInterleaved(
    rounds: rounds, per: cycles,
    [
      {
        for _ in 0..<cycles {
          synchronousModel.startLoading()
          synchronousModel.endLoading(animated: false)
        }
      },
      {
        for _ in 0..<cycles {
          closureModel.startLoading()
          closureModel.endLoading(animated: false)
        }
      },
      {
        for _ in 0..<cycles {
          baselineModel.startLoading()
          baselineModel.endLoading()
        }
      },
    ])
  blackHole(shown)
  precondition(synchronousPresenter.count >= 2 * cycles * rounds, "every cycle presents twice")
  precondition(closurePresenter.count >= 2 * cycles * rounds, "every cycle presents twice")
  let (synchronous, closure, baseline) = (best[0], best[1], best[2])
  results.append(
    .init(name: "a. cycle, synchronous presenter", value: synchronous, unit: "ns", note: ""))
  results.append(
    .init(name: "a. cycle, presenter calling finished", value: closure, unit: "ns", note: ""))
  results.append(
    .init(name: "a. baseline (enum switch + closure)", value: baseline, unit: "ns", note: ""))
  results.append(
    .init(
      name: "a. ratio synchronous / baseline", value: synchronous / baseline, unit: "x",
      note: "target ≤ 20"))
  results.append(
    .init(
      name: "a. ratio finished closure / baseline", value: closure / baseline, unit: "x",
      note: ""))
}

// (b) The same with a presenter that finishes later (an animation stand-in).
if only == nil || only == "b" {
  let presenter = DeferredPresenter()
  let model = BenchModel(presenter: presenter)
  let perCycle = bestNanoseconds(rounds: rounds, per: cycles) {
    for _ in 0..<cycles {
      model.startLoading(animated: true)
      presenter.finish()
      model.endLoading(animated: true)
      presenter.finish()
    }
  }
  precondition(presenter.count == 2 * cycles * rounds)
  results.append(.init(name: "b. cycle, deferred presenter", value: perCycle, unit: "ns", note: ""))
}

var firstScreenReport: String?
if only == "g" {
  (results, firstScreenReport) = await firstScreenRows(file: file)
}

if only != nil {
  for result in results { print(result.name, result.value, result.unit) }
  if let firstScreenReport { print(firstScreenReport, terminator: "") }
  exit(0)
}

// (c) 10,000 adopters: memory per adopter and one cycle for all of them.
do {
  let count = 10_000
  let presenter = ImmediatePresenter()
  let before = residentBytes()
  var models: [BenchModel] = []
  models.reserveCapacity(count)
  for _ in 0..<count { models.append(BenchModel(presenter: presenter)) }
  let perModel = nanoseconds(per: 1) {
    for model in models {
      model.startLoading()
      model.endLoading(animated: false)
    }
  }
  let after = residentBytes()
  results.append(
    .init(
      name: "c. bytes per adopter (resident delta)",
      value: Double(after - before) / Double(count), unit: "B", note: "target < 2048"))
  results.append(
    .init(name: "c. one cycle for 10,000 adopters", value: perModel / 1e6, unit: "ms", note: ""))
  blackHole(models)
}

// (d) A burst of 100,000 requests while one animated transition is in flight.
do {
  let presenter = DeferredPresenter()
  let model = BenchModel(presenter: presenter)
  model.startLoading(animated: true)
  let burst = 100_000
  let perBurst = nanoseconds(per: 1) {
    for index in 0..<burst {
      if index.isMultiple(of: 2) {
        model.endLoading(animated: true)
      } else {
        model.startLoading(animated: true)
      }
    }
    model.endLoading(animated: true)
    while presenter.pending != nil { presenter.finish() }
  }
  results.append(
    .init(
      name: "d. presentations for a 100,000-request burst", value: Double(presenter.count),
      unit: "", note: "target ≤ 2"))
  results.append(.init(name: "d. burst time", value: perBurst / 1e6, unit: "ms", note: ""))
}

// (e) `load` against a bare Task plus await of the same operation, taking turns in every round
// (best of the rounds), so that a slow phase of a shared machine slows both alike.
let loads = quick ? 2_000 : 10_000
let loadRounds = quick ? 1 : 5
let loadOverhead = await Task { @MainActor () -> (Double, Double) in
  let presenter = ImmediatePresenter()  // the machine holds its presenter weakly
  let model = BenchModel(presenter: presenter)
  let work: @Sendable () async throws -> [Int] = { [1] }
  let operation: @Sendable (LoadContext) async throws -> [Int] = { _ in try await work() }
  let clock = ContinuousClock()
  func ns(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(loads)
  }
  var best = (library: Double.infinity, bare: Double.infinity)
  for _ in 0..<loadRounds {
    let libraryTime = await clock.measure {
      for _ in 0..<loads { await model.load(into: \.content, operation: operation) }
    }
    let bareTime = await clock.measure {
      for _ in 0..<loads {
        let task = Task { try await work() }
        model.content = (try? await task.value) ?? []
      }
    }
    best = (min(best.library, ns(libraryTime)), min(best.bare, ns(bareTime)))
  }
  return (best.library, best.bare)
}.value
results.append(.init(name: "e. load", value: loadOverhead.0, unit: "ns", note: ""))
results.append(.init(name: "e. bare Task + await", value: loadOverhead.1, unit: "ns", note: ""))
results.append(
  .init(
    name: "e. load overhead", value: loadOverhead.0 - loadOverhead.1, unit: "ns", note: ""))
results.append(
  .init(
    name: "e. ratio load / bare", value: loadOverhead.0 / loadOverhead.1, unit: "x",
    note: "target ≤ 2 (median of 3 runs)"))

// (f) A keyed load — another key each time, as each keystroke of a search field is — against a
// plain `load` of the same immediate operation, taking turns in every round: the cost of the
// keys (the previous key's content marked, the key on every presentation).
let keyedOverhead = await Task { @MainActor () -> (Double, Double, Double) in
  let keyedPresenter = ImmediatePresenter()  // the machine holds its presenter weakly
  let plainPresenter = ImmediatePresenter()
  let keyedModel = BenchModel(presenter: keyedPresenter)
  let plainModel = BenchModel(presenter: plainPresenter)
  let operation: @Sendable (LoadContext) async throws -> [Int] = { _ in [1] }
  let clock = ContinuousClock()
  func ns(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(loads)
  }
  var best = (keyed: Double.infinity, plain: Double.infinity)
  var ratios: [Double] = []
  for _ in 0..<loadRounds {
    let keyedTime = await clock.measure {
      for index in 0..<loads {
        await keyedModel.load(into: \.content, key: index, operation: operation)
      }
    }
    let plainTime = await clock.measure {
      for _ in 0..<loads { await plainModel.load(into: \.content, operation: operation) }
    }
    best = (min(best.keyed, ns(keyedTime)), min(best.plain, ns(plainTime)))
    ratios.append(ns(keyedTime) / ns(plainTime))
  }
  precondition(keyedModel.stateMachine.key == LoadKey(loads - 1), "every keyed load ran")
  return (best.keyed, best.plain, ratios.sorted()[ratios.count / 2])
}.value
results.append(
  .init(name: "f. keyed load, another key each time", value: keyedOverhead.0, unit: "ns", note: ""))
results.append(.init(name: "f. load", value: keyedOverhead.1, unit: "ns", note: ""))
results.append(
  .init(
    name: "f. ratio keyed load / load (best)", value: keyedOverhead.0 / keyedOverhead.1,
    unit: "x", note: ""))
results.append(
  .init(
    name: "f. ratio keyed load / load (median)", value: keyedOverhead.2, unit: "x",
    note: "median of the rounds' ratios"))

// (g) The document viewer's first screen against `head -n 40` of the same 200 MiB log, taking
// turns in 11 rounds after a warm-up; not in --quick (see above).
if !quick {
  let (rows, report) = await firstScreenRows(file: file)
  results += rows
  firstScreenReport = report
}

if json {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  if let data = try? encoder.encode(results) { print(String(decoding: data, as: UTF8.self)) }
} else {
  print(
    "StatefulContent benchmarks (\(quick ? "quick" : "full") run; a and b: best of \(rounds) "
      + "rounds of \(cycles) cycles)")
  print(String(repeating: "-", count: 78))
  for result in results {
    let value = String(format: result.value < 10 ? "%.2f" : "%.0f", result.value)
    let name = result.name.padding(toLength: 48, withPad: " ", startingAt: 0)
    let measured = "\(value) \(result.unit)".padding(toLength: 14, withPad: " ", startingAt: 0)
    print("\(name) \(measured) \(result.note)")
  }
  if let firstScreenReport { print("\n" + firstScreenReport, terminator: "") }
}
