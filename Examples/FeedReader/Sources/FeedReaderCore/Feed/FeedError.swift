import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a page of a feed could not be read: the server's answer, its body, or the network.
///
/// Each case has a title, a message and a recovery suggestion in English, German and French
/// (``FeedStrings/texts(for:)``); ``description`` is the English message.
public enum FeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The server answered with a status outside 200…299.
  ///
  /// - Parameter status: The HTTP status code, such as 500.
  case httpStatus(Int)
  /// The body stopped before its end: fewer bytes than the response announced, or a JSON
  /// object that never closes (or no body at all).
  ///
  /// - Parameters:
  ///   - received: The bytes received.
  ///   - expected: The bytes announced (`Content-Length`), or `nil` when unknown.
  case truncated(received: Int, expected: Int?)
  /// The body is larger than the loader reads (`HTTPFeedLoader.maximumBytes`).
  ///
  /// - Parameter limit: The most bytes a page may have.
  case tooLarge(limit: Int)
  /// The body is not JSON, such as an HTML error page.
  case notJSON
  /// A field the specification requires is missing.
  ///
  /// - Parameter field: Its path, such as `items` or `items[2].id`.
  case missingField(String)
  /// A field holds the wrong kind of value, such as a number for the title.
  ///
  /// - Parameter field: Its path; empty when the document itself is not a JSON object.
  case wrongType(String)
  /// The feed declares a version the reader does not know.
  ///
  /// - Parameter version: The declared `version`.
  case unsupportedVersion(String)
  /// The server could not be reached: refused, not found, silent until the timeout — or not
  /// asked at all, for an address that is not http or https (`unsupportedURL`).
  ///
  /// - Parameter code: The `URLError` code.
  case unreachable(URLError.Code)

  /// Whether the error says that there is no connection, rather than something about the
  /// feed: the model's connectivity policy adds it to the library's, so that a page that
  /// fails with it waits for the network instead of showing the error.
  public var isConnectionFailure: Bool {
    if case .unreachable(let code) = self { Self.connectionCodes.contains(code) } else { false }
  }

  /// The `URLError` codes that say there is no connection: refused, no such host, no network,
  /// the connection lost.
  ///
  /// A timeout is not one, as in the library's standard policy: a server that accepts the
  /// connection and never answers would otherwise be waited for and asked again without end.
  /// A host that does not answer at all is unreachable by the connectivity source
  /// (``HostReachability``), and while it says so any failure waits.
  public static let connectionCodes: Set<URLError.Code> = [
    .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
    .networkConnectionLost,
  ]

  /// The English message, such as `The server answered with status 500.`.
  public var description: String { FeedStrings.english.texts(for: self).message }
}

extension FeedError: LocalizedError {
  /// The English title, for a host that shows the error without the reader's strings.
  public var errorDescription: String? { FeedStrings.english.texts(for: self).title }
  /// The English message.
  public var failureReason: String? { FeedStrings.english.texts(for: self).message }
  /// The English recovery suggestion.
  public var recoverySuggestion: String? {
    FeedStrings.english.texts(for: self).recoverySuggestion
  }
}
