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
  /// The largest duration the saturating arithmetic returns: `Int64.max` seconds and just under
  /// one more (about 292 billion years), the largest whose `components` are representable.
  ///
  /// Saturating at `Duration`'s own 128-bit limit would need `Int128`, which raises the
  /// deployment floor to macOS 15 and iOS 18; this limit needs only the `components` API.
  package static let saturatedMaximum = Duration(
    secondsComponent: .max, attosecondsComponent: 999_999_999_999_999_999)

  /// The smallest duration the saturating arithmetic returns: `-saturatedMaximum`.
  package static let saturatedMinimum = Duration(
    secondsComponent: .min, attosecondsComponent: -999_999_999_999_999_999)

  /// The sum, saturating at ``saturatedMaximum`` or ``saturatedMinimum`` instead of trapping.
  ///
  /// The machine's timers add a delay to the clock's elapsed time; a clock within the delay of
  /// the limit (a test clock moved there, say) then gets the limit as its deadline. Operands
  /// beyond the limits count as the limits.
  package func addingSaturated(_ other: Duration) -> Duration {
    // Each clamped operand is at most about 2⁶³ seconds, so the sum stays far inside the
    // range of `Duration` (about 2⁶⁷ seconds) and cannot trap before it is clamped.
    (clampedToSaturationLimits + other.clampedToSaturationLimits).clampedToSaturationLimits
  }

  /// The difference, saturating at ``saturatedMaximum`` or ``saturatedMinimum`` instead of
  /// trapping; operands beyond the limits count as the limits.
  package func subtractingSaturated(_ other: Duration) -> Duration {
    (clampedToSaturationLimits - other.clampedToSaturationLimits).clampedToSaturationLimits
  }

  /// The duration brought into `saturatedMinimum…saturatedMaximum`.
  private var clampedToSaturationLimits: Duration {
    min(max(self, .saturatedMinimum), .saturatedMaximum)
  }
}
