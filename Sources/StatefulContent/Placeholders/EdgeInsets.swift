/// Distances, in the presenter's units (points, cells, …), that a placeholder keeps from the
/// edges of the area it is shown in.
///
/// Insets follow the leading/trailing convention so that right-to-left layouts need no special
/// case. Unlike `StateViewController`, whose inset hook flipped the sign, a positive inset always
/// moves the placeholder inwards.
public struct EdgeInsets: Hashable, Sendable {
  /// The distance from the top edge.
  public var top: Double
  /// The distance from the leading edge.
  public var leading: Double
  /// The distance from the bottom edge.
  public var bottom: Double
  /// The distance from the trailing edge.
  public var trailing: Double

  /// No insets.
  public static let zero = EdgeInsets()

  /// Creates insets from four distances.
  ///
  /// - Parameters:
  ///   - top: The distance from the top edge.
  ///   - leading: The distance from the leading edge.
  ///   - bottom: The distance from the bottom edge.
  ///   - trailing: The distance from the trailing edge.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Creates insets with the same distance on every edge.
  ///
  /// - Parameter all: The distance from each edge.
  public init(all: Double) {
    self.init(top: all, leading: all, bottom: all, trailing: all)
  }

  /// Whether every distance is finite and not negative.
  public var isValid: Bool {
    [top, leading, bottom, trailing].allSatisfy { $0.isFinite && $0 >= 0 }
  }

  /// These insets with every invalid distance replaced by zero.
  ///
  /// This is the documented fallback the machine applies before presenting: a negative, NaN
  /// or infinite distance becomes 0, so a presenter never receives insets it cannot lay out.
  /// Use ``validated()`` to treat such insets as an error instead.
  public var sanitized: EdgeInsets {
    func clean(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
    return EdgeInsets(
      top: clean(top), leading: clean(leading), bottom: clean(bottom), trailing: clean(trailing))
  }

  /// These insets with every infinite distance replaced by the largest finite one, for a sum
  /// of valid insets that overflowed.
  var saturated: EdgeInsets {
    func clamp(_ value: Double) -> Double { value == .infinity ? .greatestFiniteMagnitude : value }
    return EdgeInsets(
      top: clamp(top), leading: clamp(leading), bottom: clamp(bottom), trailing: clamp(trailing))
  }

  /// Returns these insets, or throws when one of the distances is negative or not finite.
  ///
  /// - Returns: The insets, unchanged.
  /// - Throws: ``StateMachineError/invalidInsets(_:)`` carrying the offending insets.
  public func validated() throws(StateMachineError) -> EdgeInsets {
    guard isValid else { throw .invalidInsets(self) }
    return self
  }

  /// Adds two sets of insets edge by edge.
  ///
  /// - Parameters:
  ///   - lhs: Insets.
  ///   - rhs: More insets.
  /// - Returns: The edge-wise sum.
  public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: lhs.top + rhs.top, leading: lhs.leading + rhs.leading,
      bottom: lhs.bottom + rhs.bottom, trailing: lhs.trailing + rhs.trailing)
  }
}
