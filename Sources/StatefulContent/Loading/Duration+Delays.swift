extension Duration {
  /// The longest delay any timer of the machine waits: 365 days. Longer configured durations
  /// count as this, so that adding one to a clock's instant can never overflow.
  static let longestDelay = Duration.seconds(365 * 24 * 60 * 60)

  /// A configured duration brought into `0…longestDelay`.
  static func clampedDelay(_ duration: Duration) -> Duration {
    min(max(duration, .zero), longestDelay)
  }

  /// A duration in seconds, brought into `0…longestDelay`; NaN counts as zero.
  static func clampedDelay(seconds: Double) -> Duration {
    guard seconds.isFinite, seconds > 0 else { return seconds == .infinity ? longestDelay : .zero }
    // Whole nanoseconds, rounded: 365 days is about 3.2e16 ns, far inside Int64.
    let nanoseconds = Int64(min(seconds, longestDelay.seconds) * 1e9 + 0.5)
    return min(.nanoseconds(nanoseconds), longestDelay)
  }

  /// The duration in seconds, as a floating-point number.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}

extension Duration {
  /// The sum, saturating at the largest or smallest duration instead of trapping.
  ///
  /// The machine's timers add a delay to the clock's elapsed time; a clock within the delay of
  /// the largest duration (a test clock moved there, say) then gets the largest duration as
  /// its deadline.
  package func addingSaturated(_ other: Duration) -> Duration {
    let (sum, overflow) = attoseconds.addingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: sum) }
    return Duration(attoseconds: other.attoseconds > 0 ? .max : .min)
  }

  /// The difference, saturating at the largest or smallest duration instead of trapping.
  package func subtractingSaturated(_ other: Duration) -> Duration {
    let (difference, overflow) = attoseconds.subtractingReportingOverflow(other.attoseconds)
    guard overflow else { return Duration(attoseconds: difference) }
    return Duration(attoseconds: other.attoseconds < 0 ? .max : .min)
  }
}
