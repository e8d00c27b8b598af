import StatefulContentTerminal

extension SpeechAnnouncer {
  /// Creates an announcer that runs `espeak-ng` through the viewer's ``ProcessRunner``, so
  /// that a quitting viewer ends it with its other tools (``SystemProcessRunner/endAll()``)
  /// and tests record its invocations.
  ///
  /// - Parameters:
  ///   - executable: The absolute path of `espeak-ng` (`SpeechAnnouncer.locate(searchPath:)`).
  ///   - voice: The voice, a language code such as `de` (``ViewerLanguage/voice``).
  ///   - extraArguments: Arguments before the text. Defaults to none.
  ///   - runner: Runs `espeak-ng`; a failure is not reported (speech is a courtesy).
  public convenience init(
    executable: String, voice: String, extraArguments: [String] = [], runner: any ProcessRunner
  ) {
    self.init(executable: executable, voice: voice, extraArguments: extraArguments) {
      executable, arguments in
      _ = try? await runner.run(ProcessInvocation(executable: executable, arguments: arguments))
    }
  }

  /// The invocation that speaks a text: `espeak-ng -v <voice> <extra arguments> -- <text>`.
  ///
  /// - Parameter text: The text; control characters become U+FFFD.
  /// - Returns: The invocation.
  public func invocation(speaking text: String) -> ProcessInvocation {
    ProcessInvocation(executable: executable, arguments: arguments(speaking: text))
  }
}
