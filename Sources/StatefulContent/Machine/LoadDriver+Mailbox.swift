// The mailbox of a load's driver: where the operation, the timers and the machine post the
// load's events, and where the driver takes them, one at a time.
extension LoadDriver {
  /// The load's events, posted from any task or thread and taken one at a time by the driver
  /// on its isolation, in the order they arrived.
  ///
  /// It is lighter than an `AsyncStream` (one lock, one continuation at a time), which keeps
  /// `load` close to a bare task in cost.
  final class Mailbox: Sendable {
    private struct State {
      var events: [Event] = []
      /// The index of the oldest event not taken yet.
      var head = 0
      /// The first signal the machine sent (superseded, cancelled), if any.
      var machineSignal: LoadRegistry.Signal?
      var waiter: CheckedContinuation<Event, Never>?
      var isClosed = false
      /// How many of the waiting events are parts.
      var waitingParts = 0
      /// The operations that delivered a part while too many waited, until fewer do.
      var producers: [CheckedContinuation<Void, Never>] = []

      /// Takes the oldest event, if there is one, with the producers that may go on now.
      mutating func take() -> (Event, released: [CheckedContinuation<Void, Never>])? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
          events.removeAll(keepingCapacity: true)
          head = 0
        }
        guard case .part = event else { return (event, []) }
        waitingParts -= 1
        return (event, releasedProducers())
      }

      /// The producers that may go on: all of them, once no more than
      /// ``maximumWaitingParts`` parts wait.
      mutating func releasedProducers() -> [CheckedContinuation<Void, Never>] {
        guard waitingParts <= Mailbox.maximumWaitingParts, !producers.isEmpty else { return [] }
        defer { producers = [] }
        return producers
      }
    }

    private let state = LockedState(State())

    /// How many events wait to be taken.
    var pendingCount: Int { state.withLock { $0.events.count - $0.head } }

    /// How many events may wait before progress reports are merged.
    static var coalescingThreshold: Int { 64 }

    /// How many parts of a streaming load may wait to be applied before the operation that
    /// delivers them waits too: the memory a stream takes beyond the adopter's content is at
    /// most this many parts (one more while its producer waits), however fast it produces.
    static var maximumWaitingParts: Int { 16 }

    /// Posts an event; after ``close()`` it is dropped.
    ///
    /// Under a flood of progress reports — ``coalescingThreshold`` events already waiting —
    /// a report replaces the newest waiting report of its attempt (keeping the larger
    /// fraction, as progress never goes backwards) instead of queuing behind it. However fast
    /// an operation reports, the memory the waiting events take and the delay they add to the
    /// load's end stay bounded; at an ordinary rate every report is handled, and the loading
    /// policy coalesces them.
    func post(_ event: Event) {
      let waiter: CheckedContinuation<Event, Never>? = state.withLock { state in
        guard !state.isClosed else { return nil }
        if let waiter = state.waiter.take() { return waiter }
        if case .progress(let attempt, let fraction) = event,
          state.events.count - state.head >= Self.coalescingThreshold,
          case .progress(attempt, let waiting) = state.events[state.events.count - 1]
        {
          state.events[state.events.count - 1] = .progress(
            attempt: attempt, Self.later(waiting, fraction))
          return nil
        }
        state.events.append(event)
        return nil
      }
      waiter?.resume(returning: event)
    }

    /// The progress that replaces a waiting report: the larger known fraction.
    private static func later(_ waiting: Double?, _ new: Double?) -> Double? {
      guard let waiting, let new else { return new ?? waiting }
      return max(waiting, new)
    }

    /// Posts a signal that ends the load. The first signal the machine sends is also kept:
    /// it says how the load ended even when the task's cancellation arrived first.
    func signal(_ signal: LoadRegistry.Signal) {
      let isFromMachine = signal == .superseded || signal == .cancelledByMachine
      state.withLock { state in
        if isFromMachine, state.machineSignal == nil { state.machineSignal = signal }
      }
      post(.signal(signal))
    }

    /// Posts a part of attempt `attempt`, and returns once no more than
    /// ``maximumWaitingParts`` parts wait — at once while the driver keeps up, or when the
    /// load has ended.
    func post(part: Value, attempt: Int) async {
      let event = Event.part(attempt: attempt, part)
      let (waiter, mustWait): (CheckedContinuation<Event, Never>?, Bool) = state.withLock {
        state in
        guard !state.isClosed else { return (nil, false) }
        if let waiter = state.waiter.take() { return (waiter, false) }
        state.events.append(event)
        state.waitingParts += 1
        return (nil, state.waitingParts > Self.maximumWaitingParts)
      }
      waiter?.resume(returning: event)
      guard mustWait else { return }
      await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
        let goesOn = state.withLock { state in
          guard !state.isClosed, state.waitingParts > Self.maximumWaitingParts else {
            return true
          }
          state.producers.append(producer)
          return false
        }
        if goesOn { producer.resume() }
      }
    }

    /// The first signal the machine sent, if any.
    var machineSignal: LoadRegistry.Signal? { state.withLock { $0.machineSignal } }

    /// The next event, waiting on the caller's isolation until one is posted.
    func next(isolation: isolated (any Actor)?) async -> Event {
      if let (ready, released) = state.withLock({ $0.take() }) {
        for producer in released { producer.resume() }
        return ready
      }
      return await withCheckedContinuation(isolation: isolation) { continuation in
        let taken = state.withLock { state in
          guard let taken = state.take() else {
            state.waiter = continuation
            return nil as (Event, released: [CheckedContinuation<Void, Never>])?
          }
          return taken
        }
        guard let (ready, released) = taken else { return }
        for producer in released { producer.resume() }
        continuation.resume(returning: ready)
      }
    }

    /// Drops the waiting events and every later one, and lets waiting producers go on: the
    /// load has ended.
    func close() {
      let producers = state.withLock { state in
        state.isClosed = true
        state.events = []
        state.waitingParts = 0
        defer { state.producers = [] }
        return state.producers
      }
      for producer in producers { producer.resume() }
    }
  }
}
