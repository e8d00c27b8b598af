/// Where appending a page stands: Paging 3's `append` load state.
///
/// A page appended to content that is shown — "load more" at the end of a list — is its own
/// kind of load. It never replaces the content: while it runs, the content stays and a footer
/// shows ``loading``; when it fails, the content stays and the footer shows the error with a
/// Retry for that page only — the adopter's page method, called again: the failed page was
/// never applied, so it asks for the same page.
public enum AppendState: Sendable, CustomStringConvertible {
  /// No page is being appended, and the last one was not lost.
  case idle
  /// A page is being appended.
  case loading
  /// Appending a page failed with this error; the content stays as it was.
  case failed(any Error)

  /// Whether a page is being appended.
  public var isLoading: Bool {
    if case .loading = self { true } else { false }
  }

  /// The error appending the last page failed with, or `nil`.
  public var error: (any Error)? {
    if case .failed(let error) = self { error } else { nil }
  }

  /// `idle`, `loading`, or `failed(<error>)`.
  public var description: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .failed(let error): "failed(\(error))"
    }
  }

  /// Whether two states are the same: the same case, and for failures errors that describe
  /// themselves alike.
  func isSame(as other: AppendState) -> Bool {
    switch (self, other) {
    case (.idle, .idle), (.loading, .loading): true
    case (.failed(let lhs), .failed(let rhs)): "\(lhs)" == "\(rhs)"
    default: false
    }
  }
}
