import Foundation
import StatefulContent
import XCTest

/// The file cache: a round trip, and every kind of bad file a miss — never a crash, never
/// another key's or another version's content.
final class FileContentCacheTests: XCTestCase {
  private struct Message: Codable, Equatable, Sendable {
    var subject: String
  }

  private let temporary = TemporaryFolder(for: "FileContentCacheTests")
  private var folder: String { temporary.path }
  private let savedAt = Date(timeIntervalSince1970: 1_800_000_000)

  override func tearDown() {
    temporary.remove()
    super.tearDown()
  }

  private func cache(
    version: Int = 1, maximumAge: Duration? = nil, at moment: Date? = nil
  ) -> FileContentCache<[Message]> {
    let moment = moment ?? savedAt
    return FileContentCache(
      directory: folder + "/inbox", formatVersion: version, maximumAge: maximumAge,
      now: { moment })
  }

  private let messages = [Message(subject: "Hello"), Message(subject: "Über uns")]

  func test_savedContent_isReadBack_withWhenItWasSaved() async throws {
    try await cache().save(messages, for: "inbox")

    let cached = await cache(at: savedAt.addingTimeInterval(300)).content(for: "inbox")

    XCTAssertEqual(cached, CachedContent(value: messages, savedAt: savedAt))
    XCTAssertEqual(cached?.age(at: savedAt.addingTimeInterval(300)), .seconds(300))
  }

  func test_nothingSaved_isAMiss() async {
    let cached = await cache().content(for: "inbox")
    XCTAssertNil(cached)
  }

  func test_aCorruptATruncatedOrAnEmptyFile_isAMiss() async throws {
    try await cache().save(messages, for: "inbox")
    let path = cache().path(for: "inbox")
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))

    for bad in [Data("garbage \u{0} {".utf8), whole.prefix(whole.count / 2), Data()] {
      try bad.write(to: URL(fileURLWithPath: path))
      let cached = await cache().content(for: "inbox")
      XCTAssertNil(cached, String(decoding: bad, as: UTF8.self))
    }
  }

  func test_anotherFormatVersion_isAMiss_andItsOwnVersionReadsIt() async throws {
    try await cache(version: 1).save(messages, for: "inbox")

    let newer = await cache(version: 2).content(for: "inbox")
    let same = await cache(version: 1).content(for: "inbox")

    XCTAssertNil(newer, "an old file after the content's type changed")
    XCTAssertEqual(same?.value, messages)
  }

  func test_aFileOfAnotherTypeOrAnotherKey_isAMiss() async throws {
    let path = cache().path(for: "inbox")
    try FileManager.default.createDirectory(
      atPath: folder + "/inbox", withIntermediateDirectories: true)
    let foreign = #"{"format":"Other","version":1,"key":"inbox","savedAt":0,"value":[]}"#
    try Data(foreign.utf8).write(to: URL(fileURLWithPath: path))
    let ofOtherFormat = await cache().content(for: "inbox")
    XCTAssertNil(ofOtherFormat)

    try await cache().save(messages, for: "sent")
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: cache().path(for: "sent"), toPath: path)
    let ofAnotherKey = await cache().content(for: "inbox")
    XCTAssertNil(ofAnotherKey, "a file copied over another key's is not its content")
  }

  func test_anUnreadableFile_isAMiss() async throws {
    try FileManager.default.createDirectory(
      atPath: cache().path(for: "inbox"), withIntermediateDirectories: true)

    let cached = await cache().content(for: "inbox")

    XCTAssertNil(cached, "a folder where the file should be")
  }

  func test_contentOlderThanTheMaximumAge_isAMiss() async throws {
    try await cache().save(messages, for: "inbox")
    let day = Duration.seconds(86_400)

    let fresh = await cache(maximumAge: day, at: savedAt.addingTimeInterval(86_400)).content(
      for: "inbox")
    let old = await cache(maximumAge: day, at: savedAt.addingTimeInterval(86_401)).content(
      for: "inbox")

    XCTAssertEqual(fresh?.value, messages)
    XCTAssertNil(old)
  }

  func test_aFileLargerThanTheLimit_isAMissUnread_andALargerSaveThrows() async throws {
    try await cache().save(messages, for: "inbox")
    let path = cache().path(for: "inbox")
    let small = FileContentCache<[Message]>(directory: folder + "/inbox", maximumFileSize: 10)

    let cached = await small.content(for: "inbox")
    XCTAssertNil(cached, "a file over the limit is not read")
    do {
      try await small.save(messages, for: "inbox")
      XCTFail("saved over the limit")
    } catch let error as FileContentCache<[Message]>.TooLarge {
      XCTAssertEqual(error.maximumFileSize, 10)
      XCTAssertGreaterThan(error.byteCount, 10)
    }
    let kept = await cache().content(for: "inbox")
    XCTAssertEqual(kept?.value, messages, "what was saved before stays")
    XCTAssertTrue(FileManager.default.fileExists(atPath: path))
  }

  func test_contentSavedFarInTheFuture_isAMiss_underAMaximumAge() async throws {
    let wrongClock = savedAt.addingTimeInterval(30 * 86_400)
    try await cache(at: wrongClock).save(messages, for: "inbox")
    let day = Duration.seconds(86_400)

    let ahead = await cache(maximumAge: day).content(for: "inbox")
    let withoutLimit = await cache().content(for: "inbox")

    XCTAssertNil(ahead, "saved 30 days ahead of now: its age cannot be trusted")
    XCTAssertEqual(withoutLimit?.value, messages)
  }

  func test_aClockSetBack_givesAnAgeOfZero() {
    let cached = CachedContent(value: messages, savedAt: savedAt)
    XCTAssertEqual(cached.age(at: savedAt.addingTimeInterval(-3_600)), .zero)
    XCTAssertEqual(cached.age(at: .distantFuture) > .seconds(1_000_000_000), true)
  }

  func test_keys_areFilesInTheFolder_neverPathsOutOfIt() async throws {
    let keys = [
      "../../etc/passwd", "a/b", "", ".", "..", "a\u{0}b", "🙂 feed",
      String(repeating: "k", count: 100), String(repeating: "k", count: 101),
      String(repeating: "k", count: 5_000),
    ]
    for (index, key) in keys.enumerated() {
      try await cache().save([Message(subject: "\(index)")], for: key)
    }

    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/inbox")
    for (index, key) in keys.enumerated() {
      let path = cache().path(for: key)
      XCTAssertEqual((path as NSString).deletingLastPathComponent, folder + "/inbox", key)
      let cached = await cache().content(for: key)
      XCTAssertEqual(cached?.value, [Message(subject: "\(index)")], key)
    }
    XCTAssertEqual(names.count, keys.count, "no temporary file is left: \(names)")
  }

  func test_savingAgain_replacesTheContent_andRemoveForgetsIt() async throws {
    try await cache().save(messages, for: "inbox")
    try await cache().save([Message(subject: "New")], for: "inbox")
    let replaced = await cache().content(for: "inbox")
    XCTAssertEqual(replaced?.value, [Message(subject: "New")])

    try await cache().removeContent(for: "inbox")
    try await cache().removeContent(for: "inbox")  // nothing left: no error
    let removed = await cache().content(for: "inbox")
    XCTAssertNil(removed)
  }

  func test_theFolder_isReadableByItsOwnerOnly() async throws {
    try await cache().save(messages, for: "inbox")
    let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/inbox")
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o700)
  }

  func test_aFolderThatCannotBeMade_throws_andTheOldContentStays() async throws {
    try Data("a file".utf8).write(to: URL(fileURLWithPath: folder + "-file"))
    defer { try? FileManager.default.removeItem(atPath: folder + "-file") }
    let blocked = FileContentCache<[Message]>(directory: folder + "-file/inbox")

    do {
      try await blocked.save(messages, for: "inbox")
      XCTFail("saved under a file")
    } catch {
      XCTAssertFalse("\(error)".isEmpty)
    }
    let cached = await blocked.content(for: "inbox")
    XCTAssertNil(cached)
  }

  func test_aPipeADeviceOrALinkOutOfTheFolder_inPlaceOfTheFile_isAMiss_atOnce() async throws {
    try await cache().save(messages, for: "inbox")
    let path = cache().path(for: "inbox")

    for target in ["/etc/passwd", "/dev/zero", "/dev/urandom", "/dev/null"] {
      try FileManager.default.removeItem(atPath: path)
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      let cached = await cache().content(for: "inbox")
      XCTAssertNil(cached, "a link to \(target): read neither forever nor as content")
    }
    try FileManager.default.removeItem(atPath: path)
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let ofAPipe = await cache().content(for: "inbox")
    XCTAssertNil(ofAPipe, "a pipe with no writer: the read does not wait for one")
  }

  func test_aSaveOverALinkInPlaceOfTheFile_replacesTheLink_notWhatItPointsTo() async throws {
    let outside = folder + "-outside"
    try Data("not the cache's".utf8).write(to: URL(fileURLWithPath: outside))
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try await cache().save(messages, for: "inbox")
    try FileManager.default.removeItem(atPath: cache().path(for: "inbox"))
    try FileManager.default.createSymbolicLink(
      atPath: cache().path(for: "inbox"), withDestinationPath: outside)

    try await cache().save(messages, for: "inbox")

    XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), "not the cache's")
    let cached = await cache().content(for: "inbox")
    XCTAssertEqual(cached?.value, messages)
  }

  func test_aFileWithTheRightHeaderButABadBody_isAMiss() async throws {
    try FileManager.default.createDirectory(
      atPath: folder + "/inbox", withIntermediateDirectories: true)
    let head = #"{"format":"StatefulContent.FileContentCache","version":1,"key":"inbox","#
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let bodies = [
      #""savedAt":0,"value":{"subject":"not a list"}}"#, #""savedAt":"NaN","value":[]}"#,
      #""savedAt":1e400,"value":[]}"#, #""savedAt":null,"value":[]}"#,
      #""savedAt":0,"value":"# + deep + "}",
    ]
    for body in bodies {
      try Data((head + body).utf8).write(to: URL(fileURLWithPath: cache().path(for: "inbox")))
      let cached = await cache().content(for: "inbox")
      XCTAssertNil(cached, String(body.prefix(60)))
    }
  }

  func test_concurrentSavesAndReadsOfOneKey_neverTear_andLeaveNoTemporaryFile() async throws {
    let cache = cache()
    func numbers(_ count: Int) -> [Message] { (0..<count).map { Message(subject: "\($0)") } }
    try await cache.save(numbers(1_000), for: "inbox")

    let torn = await withTaskGroup(of: Int.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for round in 0..<20 {
            try? await cache.save(numbers(500 + 97 * round + writer), for: "inbox")
          }
          return 0
        }
        group.addTask {
          var torn = 0
          for _ in 0..<40 {
            let cached = await cache.content(for: "inbox")
            if let value = cached?.value, value == numbers(value.count) { continue }
            torn += 1
          }
          return torn
        }
      }
      return await group.reduce(0, +)
    }

    XCTAssertEqual(torn, 0, "every read is one whole save")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/inbox")
    XCTAssertEqual(names, [(cache.path(for: "inbox") as NSString).lastPathComponent])
  }

}
