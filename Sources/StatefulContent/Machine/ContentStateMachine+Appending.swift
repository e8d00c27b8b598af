// Page appends ("load more"): the machine performs what `PageAppends` decides — one append at
// a time, superseded by any other load — and presents the content again as appending starts,
// ends or fails, so that the presenter's footer follows `Presentation.append`.
extension ContentStateMachine {
  /// Where appending a page to the content stands.
  public var appendState: AppendState {
    observe(\.appendState)
    return currentAppendState
  }

  /// An append asks to start: it does while content is shown and no other load or append
  /// runs — a page appended behind an error or a placeholder would be invisible.
  ///
  /// - Returns: The append's identifier, or `nil` when it does not start.
  func beginAppend<Host: StatefulContent>(host: Host) -> UInt64? {
    guard storedRequestedState.kind == .content,
      let id = updateAppends({ $0.begin(whileLoading: decider.isLoading) })
    else {
      return nil
    }
    submitDecidedState(host: host, animated: false)
    return id
  }

  /// Keeps what cancels append `id`'s task; cancels it at once when the append no longer runs.
  func retainAppend(cancel: @escaping @Sendable () -> Void, for id: UInt64) {
    if appendsBox?.value.retain(cancel: cancel, for: id) != true { cancel() }
  }

  /// Append `id` ended.
  ///
  /// - Returns: How it ended: ``LoadOutcome/superseded`` when a refresh replaced it (nothing
  ///   is applied), else completed, cancelled or failed.
  func endAppend<Host: StatefulContent, Page>(
    _ id: UInt64, result: Result<Page, any Error>, host: Host, animated: Bool,
    apply: (Page) -> Void
  ) -> LoadOutcome {
    switch result {
    case .success(let page):
      guard updateAppends({ $0.end(id, error: nil) }) else { return .superseded }
      callingHook { apply(page) }
      concluding { submitDecidedState(host: host, animated: animated) }
      return .completed
    case .failure(let error) where cancellationPolicy.isCancellation(error):
      guard updateAppends({ $0.end(id, error: nil) }) else { return .superseded }
      submitDecidedState(host: host, animated: false)
      return .cancelled
    case .failure(let error):
      guard updateAppends({ $0.end(id, error: error) }) else { return .superseded }
      concluding { submitDecidedState(host: host, animated: animated) }
      return .failed(error)
    }
  }

  /// Another load starts: a running append is superseded and a failed one forgotten.
  func supersedeAppend() {
    guard appendsBox?.value.isActive == true else { return }
    updateAppends { $0.supersede() }?()
  }

  /// Runs an event of the appends, then tells observers of ``appendState`` if it changed.
  private func updateAppends<Result>(_ event: (inout PageAppends) -> Result) -> Result {
    let box: Box<PageAppends>
    if let appendsBox {
      box = appendsBox
    } else {
      box = Box(PageAppends())
      appendsBox = box
    }
    guard isObserved else { return event(&box.value) }
    let before = box.value.state
    let result = event(&box.value)
    if !before.isSame(as: box.value.state) { notifyChange(\.appendState) }
    return result
  }
}
