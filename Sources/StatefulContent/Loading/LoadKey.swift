/// What a keyed load loads: the query of a search, the identifier of a record.
///
/// Content belongs to the key it was loaded for. Loading the same key again is a refresh;
/// loading another key follows the load's ``KeyChangePolicy``. Keys compare by value, as
/// `AnyHashable` does: `LoadKey("swift") == LoadKey("swift")`.
public struct LoadKey: Hashable, Sendable, CustomStringConvertible {
  /// The value, boxed: a key is one reference, so that the machine's optional keys — read on
  /// every request, also by adopters that never load with a key — are copied with a retain
  /// and tested for `nil` with a comparison, not through the value witnesses of an
  /// existential (they made every request of row a of the benchmark about twice as slow).
  private final class Storage: Sendable {
    let value: any Hashable & Sendable

    init(_ value: some Hashable & Sendable) {
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

  /// Whether two keys have equal values of one type.
  public static func == (lhs: LoadKey, rhs: LoadKey) -> Bool {
    lhs.storage === rhs.storage || AnyHashable(lhs.storage.value) == AnyHashable(rhs.storage.value)
  }

  /// Hashes the key's value.
  public func hash(into hasher: inout Hasher) {
    AnyHashable(storage.value).hash(into: &hasher)
  }
}
