import StatefulContent
import XCTest

/// Runs the machine against a reference model of DESIGN.md's rules on random operation
/// sequences. Reproduce a failure with `STATEFUL_SEED=<seed> swift test --filter ModelBased`.
@MainActor
final class ModelBasedTests: XCTestCase {
  private static let episodes = 500
  private static let stepsPerEpisode = 200

  func test_randomOperations_matchTheReferenceModel() async {
    runEpisodes(reentrant: false)
  }

  func test_randomOperationsWithReentrantCompletions_keepTheInvariants() async {
    runEpisodes(reentrant: true)
  }

  private func runEpisodes(reentrant: Bool) {
    let seed = testSeed()
    var generator = SplitMix64(seed: seed)
    var operations = 0
    for episode in 0..<Self.episodes {
      let sequence = (0..<Self.stepsPerEpisode).map { _ in
        ModelOperation.random(using: &generator, reentrant: reentrant)
      }
      operations += sequence.count
      guard let failure = ModelRun(reentrant: reentrant).run(sequence) else { continue }
      let shortest = shrink(sequence, reentrant: reentrant)
      let steps = shortest.enumerated().map { "  \($0.offset): \($0.element)" }
      XCTFail(
        """
        Divergence with STATEFUL_SEED=\(seed), episode \(episode): \(failure)
        Shortest failing sequence (\(shortest.count) steps), which fails with: \
        \(ModelRun(reentrant: reentrant).run(shortest) ?? "?")
        \(steps.joined(separator: "\n"))
        """)
      return
    }
    XCTAssertEqual(operations, Self.episodes * Self.stepsPerEpisode)
  }

  /// Removes operations while the sequence still fails: chunks first, then single steps.
  private func shrink(_ sequence: [ModelOperation], reentrant: Bool) -> [ModelOperation] {
    var current = sequence
    var chunk = max(current.count / 2, 1)
    while chunk >= 1 {
      var start = 0
      var removedAny = false
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, candidate.count))
        if ModelRun(reentrant: reentrant).run(candidate) != nil {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if !removedAny { chunk /= 2 }
    }
    return current
  }
}
