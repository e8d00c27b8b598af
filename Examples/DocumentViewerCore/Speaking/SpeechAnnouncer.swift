import Foundation
import StatefulContent
import StatefulContentTerminal

/// An announcer that speaks through `espeak-ng`, the speech synthesizer of `--speak`.
///
/// Each announcement runs `espeak-ng -v <voice> -- <text>` through a ``ProcessRunner``:
/// directly, never through a shell, with the text as one argument after `--` (so that a text
/// starting with `-` is no option). Speech runs in the background, so the viewer never waits
/// for it; a newer announcement stops the one still being spoken (its `espeak-ng` is ended)
/// and is spoken once that one has ended, so two voices never overlap — as a screen reader
/// interrupts itself for what is new. ``finish(isolation:)`` waits for the last one, so that a
/// program's final outcome is heard before it exits. An `espeak-ng` that fails (no audio
/// device) is not reported: speech is a courtesy, the screen says it all.
///
/// The texts are the machine's announcements: placeholder titles and messages and counts,
/// never a password (the library never puts a credential into an announcement).
///
/// ```swift
/// if let espeak = SpeechAnnouncer.locate() {
///   session.stateMachine.setAnnouncer(SpeechAnnouncer(executable: espeak, voice: "de"))
/// }
/// ```
public final class SpeechAnnouncer: Announcer {
  /// The absolute path of `espeak-ng`.
  public let executable: String
  /// The voice: a language code such as `en`, `de` or `fr` (``ViewerLanguage/voice``).
  public let voice: String
  /// Arguments put before the text, such as `["-w", "/dev/null"]` to write the speech to a
  /// file instead of the audio device.
  public let extraArguments: [String]

  private let runner: any ProcessRunner
  /// The announcement being spoken, or waiting for the one before it to end.
  private var speaking: Task<Void, Never>?

  /// Creates an announcer.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of `espeak-ng` (see ``locate(searchPath:)``).
  ///   - voice: The voice, a language code such as `de`.
  ///   - extraArguments: Arguments before the text. Defaults to none.
  ///   - runner: Runs `espeak-ng`. Defaults to a ``SystemProcessRunner``.
  public init(
    executable: String, voice: String, extraArguments: [String] = [],
    runner: any ProcessRunner = SystemProcessRunner()
  ) {
    self.executable = executable
    self.voice = voice
    self.extraArguments = extraArguments
    self.runner = runner
  }

  /// The name of the synthesizer's executable.
  public static let executableName = "espeak-ng"

  /// Where `espeak-ng` is installed, or `nil` when it is not found.
  ///
  /// - Parameter searchPath: The directories to search, separated by `:`. Defaults to the
  ///   `PATH` of the environment (or `/usr/bin:/bin` when it is not set).
  /// - Returns: Its absolute path, or `nil`.
  public static func locate(
    searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  ) -> String? {
    PDFTools.locate(executableName, searchPath: searchPath)
  }

  /// The invocation that speaks a text.
  ///
  /// - Parameter text: The text; control characters become U+FFFD (a file name's line feed).
  /// - Returns: `espeak-ng -v <voice> <extra arguments> -- <text>`.
  public func invocation(speaking text: String) -> ProcessInvocation {
    ProcessInvocation(
      executable: executable,
      arguments: ["-v", voice] + extraArguments + ["--", TerminalText.clean(text)])
  }

  /// Speaks an announcement in the background, stopping the one still being spoken.
  ///
  /// - Parameter announcement: What to speak.
  public func announce(_ announcement: Announcement) {
    guard !announcement.text.isEmpty else { return }
    let previous = speaking
    previous?.cancel()
    let (runner, invocation) = (runner, invocation(speaking: announcement.text))
    speaking = Task {
      // The one before is ended first: two voices never speak at once.
      await previous?.value
      guard !Task.isCancelled else { return }
      _ = try? await runner.run(invocation)
    }
  }

  /// Waits until the last announcement has been spoken (or stopped).
  ///
  /// - Parameter isolation: The actor that uses the announcer; inferred from the caller.
  public func finish(isolation: isolated (any Actor)? = #isolation) async {
    await speaking?.value
  }

  /// Stops the announcement being spoken, and the one waiting.
  public func stop() {
    speaking?.cancel()
  }
}
