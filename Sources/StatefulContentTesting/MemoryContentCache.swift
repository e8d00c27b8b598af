import StatefulContent

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A ``StatefulContent/ContentCache`` in memory, for tests: content saved with the time it was
/// saved, which a test may set back to make it old, and a count of the reads.
///
/// ```swift
/// let cache = MemoryContentCache<[String]>()
/// cache.put(["saved"], for: "inbox", savedAt: Date() - 600)   // ten minutes old
/// await model.load(cachedIn: cache, as: "inbox") { _ in try await server.messages() }
///   apply: { $0.content = $1 }
/// ```
public final class MemoryContentCache<Value: Sendable>: ContentCache, Sendable {
  private struct State {
    var entries: [String: CachedContent<Value>] = [:]
    var reads = 0
    var saves = 0
  }

  private let state = LockedState(State())
  private let now: @Sendable () -> Date

  /// Creates an empty cache.
  ///
  /// - Parameter now: The wall clock that dates a save. Defaults to `Date()`.
  public init(now: @escaping @Sendable () -> Date = { Date() }) {
    self.now = now
  }

  /// How many times content was asked for.
  public var reads: Int { state.withLock { $0.reads } }
  /// How many times content was saved.
  public var saves: Int { state.withLock { $0.saves } }

  /// The content kept for a key, without counting a read.
  ///
  /// - Parameter key: The content's key.
  /// - Returns: The content and when it was saved, or `nil`.
  public func saved(for key: String) -> CachedContent<Value>? {
    state.withLock { $0.entries[key] }
  }

  /// Puts content in the cache as an earlier launch would have saved it.
  ///
  /// - Parameters:
  ///   - value: The content.
  ///   - key: The content's key.
  ///   - savedAt: When it was saved.
  public func put(_ value: Value, for key: String, savedAt: Date) {
    state.withLock { $0.entries[key] = CachedContent(value: value, savedAt: savedAt) }
  }

  /// The content saved for a key, or `nil`; counts a read.
  ///
  /// - Parameter key: The content's key.
  /// - Returns: The content and when it was saved, or `nil`.
  public func content(for key: String) async -> CachedContent<Value>? {
    state.withLock { state in
      state.reads += 1
      return state.entries[key]
    }
  }

  /// Saves content for a key, dated now.
  ///
  /// - Parameters:
  ///   - value: The content.
  ///   - key: The content's key.
  public func save(_ value: Value, for key: String) async {
    let date = now()
    state.withLock { state in
      state.saves += 1
      state.entries[key] = CachedContent(value: value, savedAt: date)
    }
  }

  /// Forgets the content saved for a key.
  ///
  /// - Parameter key: The content's key.
  public func removeContent(for key: String) async {
    _ = state.withLock { $0.entries.removeValue(forKey: key) }
  }
}
