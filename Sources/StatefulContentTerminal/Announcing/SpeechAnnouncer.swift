import StatefulContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An announcer that speaks through `espeak-ng`, for a tool's `--speak`.
///
/// Each announcement runs `espeak-ng -v <voice> -- <text>` directly (never through a shell),
/// the text one argument after `--`, so that a text starting with `-` is no option. Speech
/// runs in the background; a newer announcement stops the one still being spoken (its
/// `espeak-ng` is terminated) and is spoken once that one has ended, so two voices never
/// overlap — as a screen reader interrupts itself for what is new. ``finish(isolation:)``
/// waits for the last one, so that a tool's final outcome is heard before it exits. A failing
/// `espeak-ng` (no audio device) is not reported: speech is a courtesy, the screen says it all.
/// The texts are the machine's announcements, which never hold a credential.
///
/// A ``ProcessRunner`` runs the synthesizer: by default a ``SystemProcessRunner``, so that
/// ``SystemProcessRunner/endAll()`` ends a voice with the tool's other processes when it quits
/// early; tests pass a runner that records the invocations.
///
/// ```swift
/// if let espeak = SpeechAnnouncer.locate() {
///   model.stateMachine.setAnnouncer(SpeechAnnouncer(executable: espeak, voice: "fr"))
/// }
/// ```
public final class SpeechAnnouncer: Announcer {
  /// The absolute path of `espeak-ng`.
  public let executable: String
  /// The voice, a language code such as `de`.
  public let voice: String
  /// Arguments put before the text, such as `["-w", "/dev/null"]` to write the speech to a
  /// file instead of the audio device.
  public let extraArguments: [String]
  private let runner: any ProcessRunner
  private var speaking: Task<Void, Never>?

  /// Creates an announcer.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of `espeak-ng` (see ``locate(searchPath:)``).
  ///   - voice: The voice, a language code such as `en`, `de` or `fr`.
  ///   - extraArguments: Arguments before the text. Defaults to none.
  ///   - runner: Runs `espeak-ng` and ends it when its announcement is stopped; a failure is
  ///     not reported. Defaults to a ``SystemProcessRunner``.
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

  /// Where `espeak-ng` is installed: the first executable file of that name in the search
  /// path, or `nil`.
  ///
  /// - Parameter searchPath: Directories separated by `:`. Defaults to the `PATH` (or
  ///   `/usr/bin:/bin` when it is not set).
  /// - Returns: Its absolute path, or `nil`.
  public static func locate(searchPath: String = SystemProcessRunner.searchPath) -> String? {
    SystemProcessRunner.locate(executableName, searchPath: searchPath)
  }

  /// The arguments that speak a text: `-v <voice> <extra arguments> -- <text>`, the text
  /// cleaned of control characters (a file name's line feed).
  ///
  /// - Parameter text: The text to speak.
  /// - Returns: The arguments, without the executable.
  public func arguments(speaking text: String) -> [String] {
    ["-v", voice] + extraArguments + ["--", TerminalText.clean(text, tabs: .space)]
  }

  /// The invocation that speaks a text: ``executable`` with ``arguments(speaking:)``.
  ///
  /// - Parameter text: The text to speak.
  /// - Returns: The invocation, with nothing on its standard input.
  public func invocation(speaking text: String) -> ProcessInvocation {
    ProcessInvocation(executable: executable, arguments: arguments(speaking: text))
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
