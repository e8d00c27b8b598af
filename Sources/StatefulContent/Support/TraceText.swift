/// How the trace — timelines, explanations, the transition log — writes values on one line.
enum TraceText {
  /// A text with its line breaks and other control characters as spaces.
  ///
  /// - Complexity: O(n) in the text's length.
  static func oneLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.map { isLineBreaking($0) ? " " : $0 }))
  }

  /// Whether a scalar breaks a line, or is another control character.
  static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// A time in whole milliseconds, negative times as 0, times too large for milliseconds in
  /// an `Int64` saturated.
  static func milliseconds(_ duration: Duration) -> Int64 {
    // `components` traps when the seconds do not fit an `Int64` (a decoded trace may say
    // anything): compare first, which never traps.
    if duration <= .zero { return 0 }
    if duration >= .seconds(Int64.max / 1000) { return Int64.max }
    let (seconds, attoseconds) = duration.components
    let (whole, overflow) = max(seconds, 0).multipliedReportingOverflow(by: 1000)
    let (sum, sumOverflow) = whole.addingReportingOverflow(
      max(attoseconds, 0) / 1_000_000_000_000_000)
    return overflow || sumOverflow ? Int64.max : sum
  }
}
