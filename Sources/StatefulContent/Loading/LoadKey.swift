/// What a keyed load loads: the query of a search, the identifier of a record.
///
/// Content belongs to the key it was loaded for. Loading the same key again is a refresh;
/// loading another key follows the load's ``KeyChangePolicy``. Keys compare by value, as
/// `AnyHashable` does: `LoadKey("swift") == LoadKey("swift")`, and numbers of different types
/// with one value are one key (`1`, `Int8(1)` and `1.0`), while `1` and `"1"` are two keys
/// that describe themselves alike. A NaN key never equals itself: avoid one.
public struct LoadKey: Hashable, Sendable, CustomStringConvertible {
  /// The value, on the heap: a key is then one reference, which every presentation carries at
  /// the cost of a pointer (and `nil`, for loads without a key, costs nothing).
  private final class Storage: Sendable {
    let value: any Hashable & Sendable

    init(_ value: any Hashable & Sendable) {
      self.value = value
    }
  }

  private let storage: Storage

  /// The key's value.
  public var value: any Hashable & Sendable { storage.value }

  /// Creates a key.
  ///
  /// - Parameter value: The value, such as a query string or an identifier.
  public init(_ value: some Hashable & Sendable) {
    storage = Storage(value)
  }

  /// The value, described: `swi` for the query `"swi"`.
  public var description: String { String(describing: storage.value) }

  /// Whether two keys' values are equal as `AnyHashable` values.
  public static func == (lhs: LoadKey, rhs: LoadKey) -> Bool {
    lhs.storage === rhs.storage || AnyHashable(lhs.value) == AnyHashable(rhs.value)
  }

  /// Hashes the key's value.
  public func hash(into hasher: inout Hasher) {
    AnyHashable(storage.value).hash(into: &hasher)
  }
}
