import Foundation

/// One page of a JSON Feed 1.1 (jsonfeed.org/version/1.1): its title, its items, and the
/// address of the next page.
///
/// Only what the reader shows is read; other fields (authors, HTML content, attachments) are
/// ignored. Version 1 feeds are read too, as the specification asks of readers. An item's `id`
/// may be a string or, as version 1 allowed, a number; a `date_published` that is not an
/// RFC 3339 date is left out rather than failing the page.
///
/// ```swift
/// let page = try JSONFeed.decode(data)
/// page.items.first?.title   // "Release 2.0"
/// page.nextURL              // https://example.org/feed-2.json, or nil on the last page
/// ```
public struct JSONFeed: Hashable, Sendable {
  /// The `version` URL the feed declares, such as `https://jsonfeed.org/version/1.1`.
  public var version: String
  /// The feed's title.
  public var title: String
  /// The page's items, in the feed's order (newest first, by convention).
  public var items: [Item]
  /// The next page (`next_url`), or `nil` on the last one.
  public var nextURL: URL?

  /// The `version` values the reader accepts: JSON Feed 1.1 and 1.
  public static let supportedVersions: Set<String> = [
    "https://jsonfeed.org/version/1.1", "https://jsonfeed.org/version/1",
  ]

  /// One entry of a feed.
  public struct Item: Hashable, Sendable {
    /// The item's unique identifier within the feed.
    public var id: String
    /// The title, or `nil` for an untitled item (a microblog post).
    public var title: String?
    /// The plain-text content, or `nil`.
    public var contentText: String?
    /// The item's web page, or `nil`.
    public var url: URL?
    /// When it was published, or `nil` when the feed gives no date or one that is not RFC 3339.
    public var datePublished: Date?

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id: The unique identifier.
    ///   - title: The title. Defaults to `nil`.
    ///   - contentText: The plain-text content. Defaults to `nil`.
    ///   - url: The web page. Defaults to `nil`.
    ///   - datePublished: The publication date. Defaults to `nil`.
    public init(
      id: String, title: String? = nil, contentText: String? = nil, url: URL? = nil,
      datePublished: Date? = nil
    ) {
      self.id = id
      self.title = title
      self.contentText = contentText
      self.url = url
      self.datePublished = datePublished
    }

    /// What a list shows for the item: its title, else the first line of its text, else its
    /// URL, else its identifier.
    public var headline: String {
      if let title, !title.allSatisfy(\.isWhitespace) { return title }
      if let line = contentText?.split(whereSeparator: \.isNewline).first { return String(line) }
      return url?.absoluteString ?? id
    }
  }

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - version: The declared version. Defaults to JSON Feed 1.1's.
  ///   - title: The feed's title.
  ///   - items: The page's items.
  ///   - nextURL: The next page, or `nil`. Defaults to `nil`.
  public init(
    version: String = "https://jsonfeed.org/version/1.1", title: String, items: [Item],
    nextURL: URL? = nil
  ) {
    self.version = version
    self.title = title
    self.items = items
    self.nextURL = nextURL
  }

  /// Reads a page from the bytes of a response.
  ///
  /// - Parameter data: The response's body.
  /// - Returns: The page.
  /// - Throws: ``FeedError/unsupportedVersion(_:)`` for a `version` the reader does not
  ///   know (checked first); ``FeedError/missingField(_:)`` and ``FeedError/wrongType(_:)``
  ///   naming the field, such as `items[2].id`; ``FeedError/truncated(received:expected:)``
  ///   for a body that is empty or stops before its object closes; ``FeedError/notJSON`` for
  ///   anything else that is not JSON.
  public static func decode(_ data: Data) throws(FeedError) -> JSONFeed {
    do {
      return try JSONDecoder().decode(JSONFeed.self, from: data)
    } catch let error as FeedError {
      throw error
    } catch DecodingError.keyNotFound(let key, let context) {
      throw .missingField(fieldPath(context.codingPath + [key]))
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context)
    {
      throw .wrongType(fieldPath(context.codingPath))
    } catch {
      throw looksTruncated(data) ? .truncated(received: data.count, expected: nil) : .notJSON
    }
  }

  /// Whether a body that is not JSON is the start of a JSON object cut short: empty, or an
  /// object whose last character is not the closing brace.
  static func looksTruncated(_ data: Data) -> Bool {
    let text = data.filter { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    guard let first = text.first else { return true }
    return first == UInt8(ascii: "{") && text.last != UInt8(ascii: "}")
  }

  /// A coding path as a person reads it: `items[2].id`; empty for the document itself.
  static func fieldPath(_ path: [any CodingKey]) -> String {
    path.reduce(into: "") { text, key in
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
  }
}

extension JSONFeed: Decodable {
  private enum Keys: String, CodingKey {
    case version, title, items
    case nextURL = "next_url"
  }

  /// Decodes a page, its `version` first.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: ``FeedError/unsupportedVersion(_:)``, or the decoder's errors.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    version = try container.decode(String.self, forKey: .version)
    guard Self.supportedVersions.contains(version) else {
      throw FeedError.unsupportedVersion(version)
    }
    title = try container.decode(String.self, forKey: .title)
    items = try container.decode([Item].self, forKey: .items)
    nextURL = try container.decodeIfPresent(String.self, forKey: .nextURL).flatMap(URL.init)
  }
}

extension JSONFeed.Item: Decodable {
  private enum Keys: String, CodingKey {
    case id, title, url
    case contentText = "content_text"
    case datePublished = "date_published"
  }

  /// Decodes an item; an `id` that is a number is read as its digits.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The decoder's errors.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    if let number = try? container.decode(Int.self, forKey: .id) {
      id = String(number)
    } else {
      id = try container.decode(String.self, forKey: .id)
    }
    title = try container.decodeIfPresent(String.self, forKey: .title)
    contentText = try container.decodeIfPresent(String.self, forKey: .contentText)
    url = try container.decodeIfPresent(String.self, forKey: .url).flatMap(URL.init)
    datePublished = try container.decodeIfPresent(String.self, forKey: .datePublished)
      .flatMap(Self.date)
  }

  /// An RFC 3339 date, with or without fractional seconds.
  static func date(_ text: String) -> Date? {
    let plain = Date.ISO8601FormatStyle()
    let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    return (try? plain.parse(text)) ?? (try? fractional.parse(text))
  }
}

extension JSONFeed: Encodable {
  /// Encodes the page as JSON Feed, as it was read: what the reader's cache keeps.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(version, forKey: .version)
    try container.encode(title, forKey: .title)
    try container.encode(items, forKey: .items)
    try container.encodeIfPresent(nextURL?.absoluteString, forKey: .nextURL)
  }
}

extension JSONFeed.Item: Encodable {
  /// Encodes the item as JSON Feed; its date as RFC 3339.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The encoder's errors.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(id, forKey: .id)
    try container.encodeIfPresent(title, forKey: .title)
    try container.encodeIfPresent(contentText, forKey: .contentText)
    try container.encodeIfPresent(url?.absoluteString, forKey: .url)
    try container.encodeIfPresent(
      datePublished.map { $0.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)) },
      forKey: .datePublished)
  }
}
