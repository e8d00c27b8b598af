// The machine's calls. A request made while the machine calls an adopter's hook —
// `configure…Placeholder`, `insets(for:)`, `hasContent`, `handleErrorWhenContentsAvailable`,
// a load's `apply` — is queued and runs when the outermost call of the machine's API ends
// (I5), so the stack never grows with the number of such requests. Requests from
// completions, presenters and observers run at once, as they do from the app's own code:
// their presentations wait in the event loop, and the requested state is readable as soon
// as they return (I1).
extension ContentStateMachine {
  /// Begins a call of the machine's API (calls nest: a completion, a presenter or an
  /// observer may make one inside another).
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func beginCall() {
    callDepth += 1
  }

  /// Queues a call made from inside a hook; it runs when the outermost call ends.
  @usableFromInline
  func runAfterCurrentCall(_ call: @escaping () -> Void) {
    pendingCalls.append(call)
  }

  /// Ends a call; the outermost one then runs the calls queued from hooks, one after the
  /// other (each may queue more, which run in the same loop).
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func endCall() {
    callDepth -= 1
    if callDepth == 0 && !pendingCalls.isEmpty { runPendingCalls() }
  }

  /// Runs the calls queued from hooks, unless they are being run already.
  @usableFromInline
  func runPendingCalls() {
    guard !isRunningPendingCalls else { return }
    isRunningPendingCalls = true
    var index = 0
    while index < pendingCalls.count {
      let call = pendingCalls[index]
      index += 1
      call()
    }
    pendingCalls = []
    isRunningPendingCalls = false
  }

  /// The entry of every call of the machine's API, written once: runs `body` as a call —
  /// or, made while the machine calls an adopter's hook, queues the call that `later` makes
  /// until the outermost call ends (I5). `later` is asked only then, so that the common call
  /// allocates nothing.
  ///
  /// - Parameters:
  ///   - later: Makes the same call again, for the queue: `self.startLoading(…)`.
  ///   - body: The call's work.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func enter(orLater later: @autoclosure () -> () -> Void, _ body: () -> Void) {
    if isCallingHook { return runAfterCurrentCall(later()) }
    beginCall()
    body()
    endCall()
  }

  /// Runs `body` as a call.
  func asCall<Result>(_ body: () -> Result) -> Result {
    beginCall()
    defer { endCall() }
    return body()
  }

  /// Runs an adopter's hook: requests it makes are queued until the outermost call ends.
  @inlinable  // row a: inlined into the adopter (see <doc:Architecture>)
  func callingHook<Result>(_ hook: () -> Result) -> Result {
    let wasCallingHook = isCallingHook
    isCallingHook = true
    defer { isCallingHook = wasCallingHook }
    return hook()
  }
}
