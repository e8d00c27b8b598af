extension StatefulContent {
  /// Appends a page to the content: "load more" at the end of a list.
  ///
  /// Appending is its own kind of load (Paging 3's `append`): it never replaces the content.
  /// While it runs, the content stays and its presentation says so
  /// (``Presentation/append`` is ``AppendState/loading``); when it succeeds, `apply` adds the
  /// page; when it fails, the content stays, the presentation carries the error
  /// (``AppendState/failed(_:)``), and the footer's Retry calls the adopter's page method
  /// again — the page that failed was not applied, so it asks for that page only.
  ///
  /// Any other load — a refresh, a new key, `startLoading` — supersedes a running append: its
  /// task is cancelled and nothing of it is applied. An append never supersedes anything:
  /// asked for while another load or another append runs — or while no content is shown (an
  /// error, a placeholder) — it does not start and returns ``LoadOutcome/superseded`` at once.
  /// ``reload(isolation:)`` runs the adopter's ``loadContent()``, which loads the first page
  /// again.
  ///
  /// ```swift
  /// func loadNextPage() async {
  ///   let page = nextPage
  ///   await loadMore { _ in
  ///     try await api.items(page: page)
  ///   } apply: { feed, items in
  ///     feed.content += items
  ///     feed.nextPage += 1
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - animated: Whether to animate the transitions. Defaults to `true`.
  ///   - isolation: The actor that owns the machine; inferred from the caller.
  ///   - operation: Loads the page; it runs in a task of its own and is cancelled when the
  ///     append is superseded or its task cancelled. It is released when the append ends.
  ///   - apply: Adds the page to the adopter's content; released when the append ends.
  /// - Returns: How the append ended: completed, failed, cancelled, or superseded — also when
  ///   it did not start.
  @discardableResult
  public func loadMore<Page: Sendable>(
    animated: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    operation: @escaping @Sendable (LoadContext) async throws -> Page,
    apply: @escaping (Self, Page) -> Void
  ) async -> LoadOutcome {
    if Task.isCancelled { return .cancelled }
    let machine = stateMachine
    guard let id = machine.asCall({ machine.beginAppend(host: self) }) else {
      return .superseded
    }
    let delivery = AppendResult<Page>()
    let task = Task {
      do { delivery.deliver(.success(try await operation(LoadContext()))) } catch {
        delivery.deliver(.failure(error))
      }
    }
    let endEarly: @Sendable () -> Void = {
      task.cancel()
      delivery.deliver(nil)
    }
    machine.retainAppend(cancel: endEarly, for: id)
    let delivered = await withTaskCancellationHandler {
      await delivery.value(isolation: isolation)
    } onCancel: {
      endEarly()
    }
    // Ended early: superseded by a refresh (the append no longer runs), else cancelled.
    let result = delivered ?? .failure(CancellationError())
    return machine.asCall {
      machine.endAppend(
        id, result: result, host: self, animated: animated, apply: { apply(self, $0) })
    }
  }
}
