import Observation

// The machine's observation: the registrar, the change notifications of its observable
// properties, and the stream of presented changes.
extension ContentStateMachine {
  /// A stream of every change of the presented state from now on.
  ///
  /// Any number of consumers may iterate their own stream; one that stops iterating, or whose
  /// task is cancelled, is detached and released at once. Streams end when the machine is
  /// released. Changes are buffered without limit for a consumer that falls behind.
  ///
  /// - Returns: A stream of ``ContentStateChange`` values.
  public func stateChanges() -> AsyncStream<ContentStateChange> {
    if let broadcaster { return broadcaster.stream() }
    let broadcaster = StateChangeBroadcaster()
    self.broadcaster = broadcaster
    return broadcaster.stream()
  }

  /// How many ``stateChanges()`` streams are being consumed.
  var stateChangeConsumerCount: Int { broadcaster?.consumerCount ?? 0 }

  /// The registrar, created on first use.
  ///
  /// It is boxed in a class of this module because the registrar's size is only known at run
  /// time, which would cost every function that holds one, observed or not, a run-time layout
  /// lookup.
  var registrar: ObservationRegistrar {
    if let observation { return observation.registrar }
    let observation = ObservationBox()
    self.observation = observation
    return observation.registrar
  }

  /// Registers a read for observation tracking.
  ///
  /// The first read from outside the library turns change notifications on; until then
  /// changes skip the registrar, which keeps a machine that nobody observes as cheap as
  /// possible.
  func observe<Member>(_ keyPath: KeyPath<ContentStateMachine, Member>) {
    if !isObserved { isObserved = true }
    registrar.access(self, keyPath: keyPath)
  }

  /// Tells observers that a property changed, after its new value was stored: a request an
  /// observer makes from its change handler then takes effect after this change instead of
  /// being overwritten by it.
  func notifyChange<Member>(_ keyPath: KeyPath<ContentStateMachine, Member>) {
    registrar.withMutation(of: self, keyPath: keyPath) {}
  }

  /// Runs a mutation of an observable property, telling observers before and after it, as
  /// the `@Observable` macro's setters do.
  ///
  /// The key path is an autoclosure, so an unobserved machine never builds one.
  @inline(__always)
  func change<Member>(
    _ keyPath: @autoclosure () -> KeyPath<ContentStateMachine, Member>, _ mutation: () -> Void
  ) {
    if isObserved {
      registrar.withMutation(of: self, keyPath: keyPath(), mutation)
    } else {
      mutation()
    }
  }

  /// Runs an event of the keys, then tells observers of ``key`` if it changed.
  @discardableResult
  func updateKeys<Result>(_ event: (inout LoadKeys) -> Result) -> Result {
    let box: Box<LoadKeys>
    if let keysBox {
      box = keysBox
    } else {
      box = Box(LoadKeys())
      keysBox = box
    }
    guard isObserved else { return event(&box.value) }
    let before = box.value.key
    let result = event(&box.value)
    if before != box.value.key { notifyChange(\.key) }
    return result
  }

  /// Runs an event of the decision inputs, then tells observers of ``isLoading``,
  /// ``progress`` and ``loadAttempt`` that changed, in that order — after the new values are
  /// stored, so that a request an observer makes from its change handler takes effect after
  /// the change instead of being overwritten by it.
  @inline(__always)
  func updateInputs<Result>(_ event: (inout StateDecider) -> Result) -> Result {
    guard isObserved else { return event(&decider) }
    let before = (decider.isLoading, decider.progress, decider.attempt)
    let result = event(&decider)
    if before.0 != decider.isLoading { notifyChange(\.isLoading) }
    if before.1 != decider.progress { notifyChange(\.progress) }
    if before.2 != decider.attempt { notifyChange(\.loadAttempt) }
    return result
  }

  /// Runs an event of the lock, then tells observers of ``lock`` if it changed (after the
  /// new value is stored, as for ``updateInputs(_:)``).
  @inline(__always)
  func updateLock<Result>(_ event: (inout ContentLock) -> Result) -> Result {
    guard isObserved else { return event(&contentLock) }
    let before = contentLock.reason
    let result = event(&contentLock)
    if before != contentLock.reason { notifyChange(\.lock) }
    return result
  }
}

/// Holds a machine's observation registrar (see `ContentStateMachine.registrar`).
final class ObservationBox {
  let registrar = ObservationRegistrar()
}
