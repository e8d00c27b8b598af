/// Which key the adopter's content belongs to and which key is loading, and what that means
/// for the content: whether it counts as content for the state rules, and whether it is shown
/// as the previous key's.
///
/// A pure value with one mutating method per event; ``ContentStateMachine`` stores it and is
/// its only writer. Loads without a key leave it alone: their content belongs to no key.
struct LoadKeys {
  /// The key of one keyed load, with its policy and debounce.
  struct Keying {
    var key: LoadKey
    var change: KeyChangePolicy
    var debounce: Duration
  }

  /// What a cancelled load brings back.
  struct Snapshot {
    var contentKey: LoadKey?
    var loadingKey: LoadKey?
    var policy: KeyChangePolicy
    var failedKey: LoadKey?
    /// Whether a streaming load's part replaced the content since the snapshot was taken
    /// (by the load that is cancelled, or one it superseded).
    var contentReplaced = false
  }

  /// The key the adopter's content was loaded for, or `nil`.
  private(set) var contentKey: LoadKey?
  /// The key of the running keyed load, or `nil`.
  private(set) var loadingKey: LoadKey?
  /// What shows while ``loadingKey`` differs from ``contentKey``.
  private(set) var policy = KeyChangePolicy.keepPrevious
  /// The key whose load failed while the content belongs to another key: that content is not
  /// shown as current.
  private(set) var failedKey: LoadKey?

  /// The key the state is about: the loading key while a keyed load runs, else the key of the
  /// failed load, else the content's.
  var key: LoadKey? { loadingKey ?? failedKey ?? contentKey }

  /// Whether the adopter's content counts as content for the state rules: not while another
  /// key loads under ``KeyChangePolicy/showLoading``, and not after another key's load failed
  /// (the rule is ``StateInputs``', asked with these keys).
  var contentCounts: Bool { inputs.contentCounts }

  /// Whether content shown now is the previous key's, kept while another key loads (the
  /// rule is ``StateInputs``', asked with these keys).
  var showsPreviousKey: Bool { inputs.showsPreviousKey }

  /// The rules' inputs of adopter content with these keys.
  private var inputs: StateInputs {
    var rare = StateInputs.RareValues()
    gather(into: &rare)
    var inputs = StateInputs(hasContent: true)
    inputs.rareValues = rare
    return inputs
  }

  /// Puts the keys into the rules' inputs, which decide what the content counts for.
  func gather(into inputs: inout StateInputs.RareValues) {
    inputs.contentKey = contentKey
    inputs.loadingKey = loadingKey
    inputs.failedKey = failedKey
    inputs.keyChange = policy
  }

  // MARK: Events

  /// A load starts: with a key, a keyed load; without, a load whose content belongs to no key.
  mutating func loadStarted(key: LoadKey?, policy: KeyChangePolicy) {
    loadingKey = key
    self.policy = policy
    if key == nil { contentKey = nil }
    if let failedKey, failedKey != key { self.failedKey = nil }
  }

  /// The content now belongs to the running load's key: it succeeded, or a streaming load's
  /// first part replaced the content.
  mutating func contentReplaced() {
    contentKey = loadingKey
    failedKey = nil
  }

  /// The running load ended; `failed` when with an error. A keyed load that fails for a key
  /// other than the content's — no key at all included, as for the first query — leaves its
  /// key to the error.
  mutating func loadEnded(failed: Bool) {
    if failed, let loadingKey, loadingKey != contentKey {
      failedKey = loadingKey
    } else if !failed {
      contentKey = loadingKey ?? contentKey
      failedKey = nil
    }
    loadingKey = nil
  }

  /// The adopter starts over: no key at all.
  mutating func reset() {
    self = LoadKeys()
  }

  /// What to bring back if the load starting now is cancelled.
  var snapshot: Snapshot {
    Snapshot(
      contentKey: contentKey, loadingKey: loadingKey, policy: policy, failedKey: failedKey)
  }

  /// A cancelled load brings back the keys from before it — but content that a streaming
  /// load's parts replaced meanwhile stays the content of the key it was streamed for: it is
  /// neither labelled with the key before it nor hidden behind an older key's error.
  mutating func restore(_ snapshot: Snapshot) {
    loadingKey = snapshot.loadingKey
    policy = snapshot.policy
    guard !snapshot.contentReplaced else { return }
    contentKey = snapshot.contentKey
    failedKey = snapshot.failedKey
  }
}
