// The network's absence: the load that waits for it, the connectivity source the adopter
// follows, and the timers of reconnection and of confirmation. The rules are
// `ConnectivityTracker`'s and `LoadLifecycle`'s; this file performs them (see
// ContentStateMachine+OverTime.swift for the facts they share with staleness).
extension ContentStateMachine {
  /// Whether the failure of the running load's attempt makes it wait for the network: a
  /// source is followed, and the error is a connection error or the source reports the
  /// network unreachable.
  func waitsForNetwork(after error: any Error) -> Bool {
    guard let box = overTimeBox, box.connectivity.isFollowed else { return false }
    return box.connectivity.reachability == .unreachable
      || box.connectivityPolicy.isConnectionError(error)
  }

  /// Load `id`'s attempt failed for want of the network: it waits, and the decided state —
  /// waiting, or content marked offline — is requested (after loading's minimum display time,
  /// when `heldUntil` says so).
  func loadWaitsForNetwork<Host: StatefulContent>(
    _ id: UInt64, error: any Error, heldUntil: Duration?, host: Host
  ) {
    guard loads.isActive(id), let box = overTimeBox else { return }
    updateInputs { $0.loadWaitsForNetwork(error) }
    if box.connectivityPolicy.isConnectionError(error), box.connectivity.connectionFailed() {
      notifyReachability()
      // The source said the network was there: it has the confirmation delay to say it is
      // gone, or the failure is one while reachable.
      let deadline = clock.now().addingSaturated(
        Duration.clampedDelay(box.connectivityPolicy.confirmationDelay))
      box.confirmationTimer?.cancel()
      box.confirmationTimer = box.actor.map {
        OverTimeTimer(event: .confirmationDue, machine: self)
          .start(at: deadline, sleep: clock.sleep, isolation: $0)
      }
    }
    submitDecidedState(host: host, animated: false, heldUntil: heldUntil)
  }

  /// The network came back for load `id`, which waited for it: its attempt runs again, and
  /// loading (or content, refreshing) is requested after the show delay.
  ///
  /// - Returns: The attempt to run again and the show delay's deadline when loading is held
  ///   back for it, or `nil` when the load no longer waits.
  func resumeLoadAfterReconnection<Host: StatefulContent>(_ id: UInt64, host: Host)
    -> (attempt: Int, showDeadline: Duration?)?
  {
    guard loads.isActive(id), decider.waitsForNetwork,
      let attempt = loads.updateLifecycle(of: id, { $0.networkReturned() }),
      let lifecycle = loads.active?.lifecycle
    else { return nil }
    updateInputs { $0.loadResumed() }
    let showDeadline = showDeadline(of: lifecycle)
    submitDecidedState(host: host, animated: false, showDelayDeadline: showDeadline)
    return (attempt, queue.hasDeferred ? showDeadline : nil)
  }

  /// A load started, or a waiting one ended: the reconnection timer has nothing to wait for.
  func stopWaitingForNetwork() {
    guard let box = overTimeBox else { return }
    box.confirmationTimer?.cancel()
    box.confirmationTimer = nil
    guard box.connectivity.waitEnded() == .cancel else { return }
    box.reconnectionTimer?.cancel()
    box.reconnectionTimer = nil
  }

  // MARK: The connectivity source

  /// Follows `source` from now on, in place of any source followed before.
  func follow<Source: AsyncSequence<Reachability, Never> & Sendable>(
    _ source: Source, host: some StatefulContent, isolation: any Actor
  ) {
    let box = overTime
    box.follower?.cancel()
    box.connectivity.followed()
    box.actor = isolation
    box.host = host
    let delivery = OverTimeTimer(event: .reachability(.reachable), machine: self)
    box.sourcesFollowed &+= 1
    let ending = OverTimeTimer(event: .sourceEnded(box.sourcesFollowed), machine: self)
    box.follower = Task { [weak isolation] in
      for await reachability in source {
        guard let isolation, await delivery.deliver(reachability, isolation: isolation) else {
          return
        }
      }
      // Replaced by a newer source, the task was cancelled: that one is followed now.
      guard let isolation, !Task.isCancelled else { return }
      await ending.fire(isolation: isolation)
    }
  }

  /// The source reported reachability: the offline mark follows it, and a reachable network
  /// starts the reconnection delay of a waiting load.
  func reachabilityReported(_ reachability: Reachability) {
    guard let box = overTimeBox else { return }
    box.confirmationTimer?.cancel()
    box.confirmationTimer = nil
    let (changed, step) = box.connectivity.reported(
      reachability, loadWaits: decider.waitsForNetwork, now: clock.now(),
      delay: box.connectivityPolicy.reconnectionDelay)
    switch step {
    case .none: break
    case .cancel:
      box.reconnectionTimer?.cancel()
      box.reconnectionTimer = nil
    case .schedule(let deadline):
      box.reconnectionTimer?.cancel()
      box.reconnectionTimer = box.actor.map {
        OverTimeTimer(event: .reconnectionDue, machine: self)
          .start(at: deadline, sleep: clock.sleep, isolation: $0)
      }
    }
    guard changed else { return }
    notifyReachability()
    presentTimeFacts()
  }

  /// The source followed ended — `source` is its number, and one that was replaced is
  /// ignored: the machine decides as without a source, and a load that waits for the network
  /// runs its attempt once more, as nothing would tell it the network is back.
  func connectivitySourceEnded(_ source: UInt64) {
    guard let box = overTimeBox, box.sourcesFollowed == source else { return }
    box.follower = nil
    box.reconnectionTimer?.cancel()
    box.reconnectionTimer = nil
    let changed = box.connectivity.unfollowed()
    if changed { notifyReachability() }
    if decider.waitsForNetwork, let load = loads.active {
      load.signal(.networkReturned)
    } else if changed {
      presentTimeFacts()
    }
  }

  /// The confirmation delay after a connection error elapsed with no report of the source:
  /// the network was there, the offline mark goes, and the waiting load's failure is decided
  /// as one while reachable.
  func confirmationDue() {
    guard let box = overTimeBox else { return }
    box.confirmationTimer = nil
    guard decider.waitsForNetwork, box.connectivity.confirmationDue(), let load = loads.active
    else { return }
    notifyReachability()
    load.signal(.networkPresent)
  }

  /// The waiting load `id` failed while the network was there after all: it runs again as a
  /// load whose attempt just failed with `error`, which the retry policy then decides.
  ///
  /// - Returns: The attempt and its connection error, or `nil` when the load no longer waits.
  func resumeLoadAsFailed(_ id: UInt64) -> (attempt: Int, error: any Error)? {
    guard loads.isActive(id), let error = decider.networkError,
      let attempt = loads.updateLifecycle(of: id, { $0.networkReturned() })
    else { return nil }
    updateInputs { $0.loadResumed() }
    return (attempt, error)
  }

  /// The reconnection delay elapsed: the waiting load runs again, if the network stayed.
  func reconnectionDue() {
    guard let box = overTimeBox else { return }
    box.reconnectionTimer = nil
    guard
      box.connectivity.reconnectionDue(now: clock.now(), loadWaits: decider.waitsForNetwork),
      let load = loads.active
    else { return }
    load.signal(.networkReturned)
  }
}
