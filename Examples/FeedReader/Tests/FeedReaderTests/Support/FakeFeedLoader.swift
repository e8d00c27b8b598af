import FeedReaderCore
import Foundation
import StatefulContentTesting
import Synchronization

/// A loader that answers from a table of pages, or waits at a gate the test opens, and
/// counts the requests per address.
final class FakeFeedLoader: FeedLoading {
  /// What a page's request gets.
  enum Answer: Sendable {
    case page(JSONFeed)
    case failure(FeedError)
    /// Waits for the gate, then answers its value.
    case gated(Gate<JSONFeed>)
  }

  private let state = Mutex<(answers: [URL: Answer], requests: [URL])>(([:], []))

  /// Sets what a page's request gets from now on.
  func answer(_ url: URL, with answer: Answer) {
    state.withLock { $0.answers[url] = answer }
  }

  /// The addresses asked for, in order.
  var requests: [URL] { state.withLock { $0.requests } }

  func page(at url: URL) async throws -> JSONFeed {
    let answer = state.withLock { state in
      state.requests.append(url)
      return state.answers[url]
    }
    switch answer {
    case .page(let page): return page
    case .failure(let error): throw error
    case .gated(let gate): return try await gate.wait()
    case nil: throw FeedError.httpStatus(404)
    }
  }
}

/// Items named by their identifiers: `items("a", "b")`.
func items(_ ids: String...) -> [JSONFeed.Item] {
  ids.map { JSONFeed.Item(id: $0, title: "Title \($0)") }
}

/// An address on a server that is never asked.
func address(_ path: String) -> URL {
  guard let url = URL(string: "http://feeds.invalid/\(path)") else {
    preconditionFailure("not a path: \(path)")
  }
  return url
}
