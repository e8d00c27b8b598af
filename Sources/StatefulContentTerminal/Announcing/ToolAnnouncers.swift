import StatefulContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The announcers a command-line tool's `--speak` and `--announce` options ask for, as one.
///
/// `--speak` speaks each announcement through `espeak-ng` (``SpeechAnnouncer``); when it is not
/// installed, a note on standard error says so — in the tool's language — and the tool goes
/// on without speech. `--announce` writes each announcement as an `announce:` line
/// (``LineAnnouncer``). With both, both announce. A tool hands ``announcer`` to its machine
/// and awaits ``finish(isolation:)`` before it exits, so that its final outcome is heard.
///
/// ```swift
/// let announcers = ToolAnnouncers(
///   speaks: options.speaks, announces: options.announces, toolName: "file-search",
///   language: "de", writeError: StandardStreams.writeToError)
/// if let announcer = announcers.announcer { model.stateMachine.setAnnouncer(announcer) }
/// // … run …
/// await announcers.finish()
/// ```
public struct ToolAnnouncers {
  /// Every announcer asked for, as one, or `nil` when none is.
  public let announcer: (any Announcer)?
  /// The speech announcer, when `--speak` asked for it and `espeak-ng` is installed.
  public let speech: SpeechAnnouncer?

  /// Chooses the announcers.
  ///
  /// - Parameters:
  ///   - speaks: Whether `--speak` was given.
  ///   - announces: Whether `--announce` was given.
  ///   - toolName: The tool's name, which starts the note about a missing `espeak-ng`.
  ///   - language: The language of the note and the voice: `en`, `de` or `fr` (others speak
  ///     and write English).
  ///   - searchPath: Where to look for `espeak-ng`, directories separated by `:`. Defaults to
  ///     the `PATH`.
  ///   - runner: Runs `espeak-ng`. Defaults to a ``SystemProcessRunner``.
  ///   - writeError: Writes the `announce:` lines and the note, such as
  ///     ``StandardStreams/writeToError(_:)``.
  public init(
    speaks: Bool, announces: Bool, toolName: String, language: String,
    searchPath: String = SystemProcessRunner.searchPath,
    runner: any ProcessRunner = SystemProcessRunner(),
    writeError: @escaping (String) -> Void
  ) {
    var speech: SpeechAnnouncer?
    if speaks {
      if let espeak = SpeechAnnouncer.locate(searchPath: searchPath) {
        speech = SpeechAnnouncer(executable: espeak, voice: language, runner: runner)
      } else {
        writeError(Self.missingSpeechNote(toolName: toolName, language: language) + "\n")
      }
    }
    let lines = announces ? LineAnnouncer(write: writeError) : nil
    let all = [speech as (any Announcer)?, lines].compactMap { $0 }
    self.announcer = all.count > 1 ? Group(all) : all.first
    self.speech = speech
  }

  /// Waits until the last announcement has been spoken.
  ///
  /// - Parameter isolation: The actor that uses the announcers; inferred from the caller.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    await speech?.finish()
  }

  /// Stops the announcement being spoken, and the one waiting; for a tool that ends early.
  public func stop() {
    speech?.stop()
  }

  /// The note written when `--speak` finds no `espeak-ng`, without a line feed.
  ///
  /// - Parameters:
  ///   - toolName: The tool's name, which starts the note.
  ///   - language: `en`, `de` or `fr`; any other language gets English.
  /// - Returns: The note, such as `file-search: --speak: espeak-ng was not found on PATH, …`.
  public static func missingSpeechNote(toolName: String, language: String) -> String {
    ToolStrings<TerminalNote>(language: language).text(.missingSpeech, ["tool": toolName])
  }

  /// Announcers that each get every announcement: `--speak` and `--announce` together.
  private final class Group: Announcer {
    private let announcers: [any Announcer]

    init(_ announcers: [any Announcer]) {
      self.announcers = announcers
    }

    func announce(_ announcement: Announcement) {
      for announcer in announcers { announcer.announce(announcement) }
    }
  }
}
