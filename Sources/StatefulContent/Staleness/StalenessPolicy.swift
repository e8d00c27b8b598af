/// When content turns stale: older than a maximum age, or after a number of failed refreshes
/// in a row. Stale content is still content — it stays on screen, marked
/// (``Presentation/isStale``), with its age, the failed refreshes and the last error.
///
/// The machine presents content once when it turns stale — at the moment its age reaches
/// ``maximumAge`` (a timer on the machine's clock, no polling), or when the refresh that
/// reaches ``maximumFailedRefreshes`` fails — and once when a refresh succeeds. See
/// <doc:ContentOverTime>.
///
/// ```swift
/// model.stateMachine.stalenessPolicy = StalenessPolicy(
///   maximumAge: .seconds(300), maximumFailedRefreshes: 2)
/// ```
public struct StalenessPolicy: Sendable, Hashable {
  /// How old content may be before it is stale; `nil` for no limit. Zero or less makes
  /// content stale as soon as it is shown.
  public var maximumAge: Duration?
  /// How many refreshes in a row may fail before the content is stale; `nil` for no limit.
  /// Values below 1 count as 1.
  public var maximumFailedRefreshes: Int?

  /// Creates a policy.
  ///
  /// - Parameters:
  ///   - maximumAge: How old content may be before it is stale; `nil` for no limit.
  ///   - maximumFailedRefreshes: How many refreshes in a row may fail; `nil` for no limit.
  public init(maximumAge: Duration? = nil, maximumFailedRefreshes: Int? = nil) {
    self.maximumAge = maximumAge
    self.maximumFailedRefreshes = maximumFailedRefreshes.map { max($0, 1) }
  }

  /// Content never turns stale: the default.
  public static let never = StalenessPolicy()

  /// Whether the policy can turn content stale at all.
  var isActive: Bool { maximumAge != nil || maximumFailedRefreshes != nil }

  /// Why content of an age, after a number of failed refreshes, is stale — or `nil` when it
  /// is fresh.
  ///
  /// - Parameters:
  ///   - age: How old the content is, or `nil` when unknown (never stale by age).
  ///   - failedRefreshes: How many refreshes in a row failed.
  /// - Returns: The reasons that hold, or `nil`.
  func staleness(age: Duration?, failedRefreshes: Int) -> Staleness? {
    let isTooOld = if let age, let maximumAge { age >= maximumAge } else { false }
    let failedTooOften =
      if let maximumFailedRefreshes { failedRefreshes >= maximumFailedRefreshes } else { false }
    guard isTooOld || failedTooOften else { return nil }
    return Staleness(isTooOld: isTooOld, failedTooOften: failedTooOften)
  }

  /// How much longer content of an age stays fresh by its age, or `nil` when it never turns
  /// stale by age (no maximum age, or an unknown age) or is stale already.
  ///
  /// - Parameter age: How old the content is.
  /// - Returns: The time left, above zero, or `nil`.
  func freshFor(age: Duration?) -> Duration? {
    guard let age, let maximumAge, age < maximumAge else { return nil }
    return maximumAge - age
  }

  /// Which of the policy's limits content passed.
  struct Staleness: Hashable, Sendable {
    /// Older than the maximum age.
    var isTooOld: Bool
    /// As many failed refreshes in a row as the policy allows, or more.
    var failedTooOften: Bool
  }
}
