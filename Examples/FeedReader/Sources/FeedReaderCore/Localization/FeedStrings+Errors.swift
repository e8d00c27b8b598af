import Foundation
import StatefulContentTerminal

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FeedStrings {
  /// What the error placeholder says about a failed page.
  public struct ErrorTexts: Hashable, Sendable {
    /// The title, such as `The server answered 500`.
    public var title: String
    /// The message: what happened.
    public var message: String
    /// What the person can do.
    public var recoverySuggestion: String
  }

  /// The title, message and recovery suggestion of an error.
  ///
  /// - Parameter error: Why the page could not be read.
  /// - Returns: Its texts in this language.
  public func texts(for error: FeedError) -> ErrorTexts {
    let (title, message, recovery): (String, String, FeedText) =
      switch error {
      case .httpStatus(let status):
        (
          text(.httpStatusTitle, ["status": "\(status)"]),
          text(.httpStatusMessage, ["status": "\(status)"]), .tryAgain
        )
      case .truncated(let received, let expected?):
        (
          text(.truncatedTitle),
          text(.truncatedMessage, ["received": "\(received)", "expected": "\(expected)"]),
          .tryAgain
        )
      case .truncated: (text(.truncatedTitle), text(.truncatedEarlyMessage), .tryAgain)
      case .tooLarge(let limit):
        (text(.tooLargeTitle), text(.tooLargeMessage, ["limit": "\(limit)"]), .checkAddress)
      case .notJSON: (text(.notJSONTitle), text(.notJSONMessage), .checkAddress)
      case .missingField(let field):
        (text(.invalidTitle), text(.missingFieldMessage, ["field": field]), .checkAddress)
      case .wrongType(let field) where field.isEmpty:
        (text(.invalidTitle), text(.notAnObjectMessage), .checkAddress)
      case .wrongType(let field):
        (text(.invalidTitle), text(.wrongTypeMessage, ["field": field]), .checkAddress)
      case .unsupportedVersion(let version):
        (text(.versionTitle), text(.versionMessage, ["version": version]), .checkAddress)
      case .unreachable(let code):
        (text(.unreachableTitle), unreachableMessage(code), .unreachableRecovery)
      }
    return ErrorTexts(title: title, message: message, recoverySuggestion: text(recovery))
  }

  /// Why the server could not be reached, by `URLError` code.
  private func unreachableMessage(_ code: URLError.Code) -> String {
    switch code {
    case .cannotConnectToHost: text(.connectionRefused)
    case .cannotFindHost, .dnsLookupFailed: text(.noSuchHost)
    case .timedOut: text(.timedOut)
    case .notConnectedToInternet: text(.notConnected)
    case .unsupportedURL: text(.unsupportedURL)
    default: text(.requestFailed, ["code": "\(code.rawValue)"])
    }
  }
}
