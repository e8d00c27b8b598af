/// A key typed at a terminal in raw mode.
///
/// ``Decoder`` turns the bytes a terminal sends into keys: printable text, the keys that send
/// escape sequences (arrows, Page Up and Down, Home, End, Delete), the control keys, and Esc.
///
/// ```swift
/// var decoder = Key.Decoder()
/// decoder.decode(Array("ab\u{1B}[B\u{04}".utf8))   // [.text("ab"), .down, .control("d")]
/// ```
public enum Key: Hashable, Sendable {
  /// Printable text: one character, or more when typed faster than read or pasted.
  ///
  /// - Parameter text: The text typed.
  case text(String)
  /// The Up arrow.
  case up
  /// The Down arrow.
  case down
  /// The Left arrow.
  case left
  /// The Right arrow.
  case right
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Delete, the key that deletes forwards.
  case delete
  /// Backspace: the byte 0x7F, or 0x08 (Ctrl-H) as some terminals send it.
  case backspace
  /// Enter (Return): a carriage return, or a line feed (Ctrl-J).
  case enter
  /// Tab (Ctrl-I).
  case tab
  /// Esc alone, or the start of an escape sequence the decoder does not know.
  case escape
  /// A control key: Ctrl and a letter, other than the ones with a key of their own (Ctrl-H,
  /// Ctrl-I, Ctrl-J, Ctrl-M).
  ///
  /// Ctrl-C, Ctrl-Z and Ctrl-\ arrive as signals while the terminal sends signals, as it does
  /// in ``TerminalSession/Options/rawMode``; they arrive as keys only when it does not.
  ///
  /// - Parameter letter: The letter, lowercase: `"c"` for Ctrl-C.
  case control(Character)
}
