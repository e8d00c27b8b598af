import Foundation
import StatefulContentTerminal

/// Asks a person at a terminal for a password, without echoing what they type.
///
/// The prompt goes to standard error, so that standard output (a rendered document or a
/// timeline) stays clean. The library's `TerminalSession.readSecretLine` reads the line: echo
/// off while the password is typed, back on when it is read and when a signal quits the viewer
/// meanwhile (a clean-up of the `InterruptController`, which runs off the main thread: the
/// prompt's writer must be `Sendable`); Ctrl-Z gives the echo back while the viewer is
/// stopped, and `fg` asks again with echo off.
///
/// ```swift
/// let prompt = TerminalPasswordPrompt(interrupts: interrupts)
/// let source = prompt.source   // asks again after each wrong password
/// ```
@MainActor
public final class TerminalPasswordPrompt {
  /// The terminal's file descriptor, read from and switched to no-echo.
  public let descriptor: Int32
  private let interrupts: InterruptController?
  private let writePrompt: @Sendable (String) -> Void
  /// The language of the prompt.
  public let strings: ViewerStrings

  /// Creates a prompt.
  ///
  /// - Parameters:
  ///   - descriptor: The terminal to read from. Defaults to standard input.
  ///   - interrupts: The controller whose clean-ups restore the terminal on Ctrl-C, or `nil`.
  ///   - strings: The language of the prompt. Defaults to the process's
  ///     (``ViewerStrings/current``).
  ///   - writePrompt: Writes the prompt. Defaults to standard error.
  public init(
    descriptor: Int32 = STDIN_FILENO, interrupts: InterruptController?,
    strings: ViewerStrings = .current,
    writePrompt: @escaping @Sendable (String) -> Void = StandardStreams.writeToError
  ) {
    self.strings = strings
    self.descriptor = descriptor
    self.interrupts = interrupts
    self.writePrompt = writePrompt
  }

  /// A password source that prompts for every password, naming the document and, after a
  /// wrong password, saying so.
  public var source: PasswordSource {
    PasswordSource { [self] path, attempt in
      let name = TerminalText.clean((path as NSString).lastPathComponent)
      let prompt = strings.text(
        attempt > 0 ? .passwordPromptAgain : .passwordPrompt, ["name": name])
      return await readHiddenLine(prompt: prompt)
    }
  }

  /// Writes a prompt and reads one line with echo off
  /// (`TerminalSession.readSecretLine(prompt:input:interrupts:writePrompt:)`).
  ///
  /// - Parameter prompt: The prompt, without a line feed.
  /// - Returns: The line without its line break, or `nil` at the end of input.
  public func readHiddenLine(prompt: String) async -> String? {
    await TerminalSession.readSecretLine(
      prompt: prompt, input: descriptor, interrupts: interrupts, writePrompt: writePrompt)
  }
}
