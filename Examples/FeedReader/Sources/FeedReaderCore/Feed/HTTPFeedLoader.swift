import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Loads pages over HTTP with `URLSession`: a GET with no cache, a status in 200…299, a body
/// as long as it was announced, and a JSON Feed in it.
///
/// The loader owns its session, whose delegate collects each response as it arrives, so that
/// a body that breaks off is told from a server that never answered on every platform (on
/// Linux a failed data task's completion handler gets neither the response nor the bytes).
///
/// ```swift
/// let page = try await HTTPFeedLoader().page(at: URL(string: "http://127.0.0.1:8000/feed.json")!)
/// ```
public final class HTTPFeedLoader: FeedLoading {
  /// How long a request waits for the server before it fails, in seconds.
  public let timeout: TimeInterval
  /// The most bytes a page may have; a larger one is not read to its end.
  public let maximumBytes: Int
  private let receiver: Receiver
  private let session: URLSession

  /// The most bytes a page may have by default: 16 MiB, a few thousand items.
  public static let defaultMaximumBytes = 16 << 20

  /// Creates a loader with a session of its own.
  ///
  /// - Parameters:
  ///   - configuration: The session's configuration. Defaults to an ephemeral one: nothing is
  ///     cached on disk by it (the reader keeps first pages in a cache of its own,
  ///     `FeedModel.cache`).
  ///   - timeout: How long a request waits for the server, in seconds; set on the request and
  ///     as the configuration's `timeoutIntervalForRequest`, the one URLSession heeds on
  ///     Linux. Defaults to 30.
  ///   - maximumBytes: The most bytes a page may have: a server that sends more is cut off,
  ///     so that no feed can fill the memory. Defaults to ``defaultMaximumBytes``.
  public init(
    configuration: URLSessionConfiguration = .ephemeral, timeout: TimeInterval = 30,
    maximumBytes: Int = HTTPFeedLoader.defaultMaximumBytes
  ) {
    self.timeout = timeout
    self.maximumBytes = max(maximumBytes, 0)
    receiver = Receiver(maximumBytes: self.maximumBytes)
    configuration.timeoutIntervalForRequest = timeout
    session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.invalidateAndCancel()
  }

  /// Loads the page at an address.
  ///
  /// - Parameter url: The page's address.
  /// - Returns: The page.
  /// - Throws: ``FeedError/unreachable(_:)`` when no answer came (with `unsupportedURL` for an
  ///   address that is not http or https, which is not asked for),
  ///   ``FeedError/httpStatus(_:)`` for a status outside 200…299,
  ///   ``FeedError/tooLarge(limit:)`` for a body larger than ``maximumBytes``,
  ///   ``FeedError/truncated(received:expected:)`` for a body that broke off or is shorter than
  ///   announced, the errors of ``JSONFeed/decode(_:)`` for a body that is no JSON Feed, and
  ///   `CancellationError` when the task was cancelled.
  public func page(at url: URL) async throws -> JSONFeed {
    // URLSession also reads `file:` and `data:` addresses: only the web's are a feed's.
    guard Self.isWebAddress(url) else { throw FeedError.unreachable(.unsupportedURL) }
    var request = URLRequest(
      url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue("application/feed+json, application/json", forHTTPHeaderField: "Accept")
    let task = session.dataTask(with: request)
    let transfer = await withTaskCancellationHandler {
      await withCheckedContinuation { receiver.start(task, continuation: $0) }
    } onCancel: {
      task.cancel()
    }
    try Task.checkCancellation()
    if transfer.isTooLarge { throw FeedError.tooLarge(limit: maximumBytes) }
    if let failure = transfer.failure {
      if failure.code == .cancelled { throw CancellationError() }
      // An answer began and then broke off: the body is cut short, whatever the code says
      // (curl's "transfer closed with bytes remaining" is URLError.unknown on Linux).
      guard let response = transfer.response else { throw FeedError.unreachable(failure.code) }
      throw FeedError.truncated(received: transfer.data.count, expected: Self.length(of: response))
    }
    guard let response = transfer.response else {
      throw FeedError.unreachable(.badServerResponse)
    }
    if let http = response as? HTTPURLResponse, !(200...299).contains(http.statusCode) {
      throw FeedError.httpStatus(http.statusCode)
    }
    if let expected = Self.length(of: response), transfer.data.count < expected {
      throw FeedError.truncated(received: transfer.data.count, expected: expected)
    }
    return try JSONFeed.decode(transfer.data)
  }

  /// Whether an address is one the loader asks for: absolute, `http` or `https`, with a host.
  ///
  /// - Parameter url: The address.
  /// - Returns: `true` for `http://127.0.0.1:8000/feed.json`, `false` for `file:///etc/passwd`.
  public static func isWebAddress(_ url: URL) -> Bool {
    ["http", "https"].contains(url.scheme?.lowercased()) && !(url.host ?? "").isEmpty
  }

  /// The announced length of a response's body, or `nil` when it was not announced.
  private static func length(of response: URLResponse) -> Int? {
    response.expectedContentLength >= 0 ? Int(response.expectedContentLength) : nil
  }

  /// What one request got: the response if an answer began, the bytes, the failure if any.
  struct Transfer: Sendable {
    var response: URLResponse?
    var data = Data()
    var failure: URLError?
    /// Whether the body passed the limit, and the transfer was cancelled there.
    var isTooLarge = false
  }

  /// The session's delegate: collects each task's response and bytes, and resumes its
  /// continuation when the task completes.
  private final class Receiver: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
      var transfer = Transfer()
      var continuation: CheckedContinuation<Transfer, Never>
    }

    private let pending = Mutex<[Int: Pending]>([:])
    private let maximumBytes: Int

    init(maximumBytes: Int) {
      self.maximumBytes = maximumBytes
    }

    /// Starts a task whose completion resumes a continuation.
    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Transfer, Never>) {
      pending.withLock { $0[task.taskIdentifier] = Pending(continuation: continuation) }
      task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let isTooLarge = pending.withLock { pending in
        guard var transfer = pending[dataTask.taskIdentifier]?.transfer, !transfer.isTooLarge
        else { return false }
        if transfer.data.count + data.count > maximumBytes {
          transfer.isTooLarge = true
        } else {
          transfer.data.append(data)
        }
        pending[dataTask.taskIdentifier]?.transfer = transfer
        return transfer.isTooLarge
      }
      if isTooLarge { dataTask.cancel() }
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      guard let done = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else {
        return
      }
      var transfer = done.transfer
      transfer.response = task.response
      transfer.failure = error.map { ($0 as? URLError) ?? URLError(.unknown) }
      done.continuation.resume(returning: transfer)
    }
  }
}
