import Foundation

/// Errors that describe themselves the platform's way, as a `LocalizedError`.
enum DescribedError: LocalizedError {
  /// Says everything: a description, a reason and a recovery suggestion.
  case full
  /// Gives only a description.
  case descriptionOnly
  /// Gives only a reason.
  case reasonOnly
  /// Conforms, but says nothing.
  case silent

  var errorDescription: String? {
    switch self {
    case .full, .descriptionOnly: "The file could not be saved."
    case .reasonOnly, .silent: nil
    }
  }

  var failureReason: String? {
    switch self {
    case .full, .reasonOnly: "The disk is full."
    case .descriptionOnly, .silent: nil
    }
  }

  var recoverySuggestion: String? {
    switch self {
    case .full: "Free some space and try again."
    case .descriptionOnly, .reasonOnly, .silent: nil
    }
  }
}
