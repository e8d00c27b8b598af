/// Where a model keeps the content of its successful loads between launches, so that the next
/// launch shows it at once while the network answers.
///
/// A read never fails: anything that is not content saved for the key — nothing saved, content
/// too old, a file that is corrupt, truncated, of another format version or unreadable — is a
/// miss (`nil`), and the model loads as on a first launch. A save can fail (a full disk, a
/// folder that cannot be created); the content on screen is not affected, and the model may
/// ignore the error. Save only content from a successful load.
///
/// ``FileContentCache`` keeps each key's content in a file of its own. An adopter that shows
/// the cached content before its first load gets what a cached launch should: the machine
/// decides content (rule 2), never loading, and the load runs as a refresh:
///
/// ```swift
/// if let cached = await cache.content(for: "inbox") { content = cached.value }
/// await loadContent()  // a refresh over the cached messages; saves what it loads
/// ```
public protocol ContentCache<Value>: Sendable {
  /// The content kept.
  associatedtype Value: Sendable

  /// The content saved for a key, or `nil` for a miss.
  ///
  /// - Parameter key: The content's key, such as a feed's address or a search's query.
  /// - Returns: The content and when it was saved, or `nil`.
  func content(for key: String) async -> CachedContent<Value>?

  /// Saves content for a key, in place of what was saved for it before.
  ///
  /// - Parameters:
  ///   - value: The content of a successful load.
  ///   - key: The content's key.
  /// - Throws: The storage's error when the content cannot be saved; what was saved before
  ///   stays whole.
  func save(_ value: Value, for key: String) async throws

  /// Forgets the content saved for a key; nothing happens when there is none.
  ///
  /// - Parameter key: The content's key.
  /// - Throws: The storage's error when the content cannot be removed.
  func removeContent(for key: String) async throws
}
