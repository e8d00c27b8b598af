#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command line's arguments, read in order as options, their values and operands, the way
/// POSIX tools and `getopt_long` read them.
///
/// An argument that starts with `-` is an option; `--` ends the options (every argument after
/// it is an operand), and a lone `-` is an operand (standard input, by convention). An option
/// named in `optionsWithValues` takes its value after `=` (`--delay=500`) or from the next
/// argument (`--delay 500`); any other option is a flag, and a flag given a value
/// (`--timeline=yes`) is not one the tool knows. The tool decides what each argument means:
///
/// ```swift
/// var arguments = CommandLineArguments(["--delay", "500", "notes.txt"], optionsWithValues: ["--delay"])
/// while let argument = try arguments.next() {
///   switch argument {
///   case .operand(let path): print("open", path)
///   case .option("--delay", let value): print("wait", value, "ms")
///   case .flag("--help"): print("usage")
///   default: throw arguments.unknown(argument)
///   }
/// }
/// ```
public struct CommandLineArguments {
  /// One argument, as read.
  public enum Argument: Hashable, Sendable {
    /// An option without a value, such as `--timeline` or `-h`.
    case flag(String)
    /// An option with its value, such as `--delay` and `500`.
    case option(String, String)
    /// An argument that is no option: a path, a folder, or anything after `--`.
    case operand(String)
  }

  private var remaining: ArraySlice<String>
  private let optionsWithValues: Set<String>
  private var optionsEnded = false

  /// Prepares to read arguments.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - optionsWithValues: The options that take a value, such as `["--delay"]`. Defaults to
  ///     none.
  public init(_ arguments: [String], optionsWithValues: Set<String> = []) {
    remaining = arguments[...]
    self.optionsWithValues = optionsWithValues
  }

  /// Reads the next argument.
  ///
  /// - Returns: The argument, or `nil` when none is left.
  /// - Throws: ``CommandLineError/missingValue(option:)`` for an option that takes a value and
  ///   is the last argument; ``CommandLineError/unknownOption(_:)`` for a flag given a value
  ///   after `=`.
  public mutating func next() throws(CommandLineError) -> Argument? {
    guard let argument = remaining.popFirst() else { return nil }
    if optionsEnded || argument == "-" || !argument.hasPrefix("-") { return .operand(argument) }
    if argument == "--" {
      optionsEnded = true
      return try next()
    }
    var name = argument
    var attached: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      attached = String(argument[argument.index(after: equals)...])
    }
    guard optionsWithValues.contains(name) else {
      guard attached == nil else { throw .unknownOption(argument) }
      return .flag(name)
    }
    guard let value = attached ?? remaining.popFirst() else { throw .missingValue(option: name) }
    return .option(name, value)
  }

  /// Reads the next argument, reporting what is wrong as the tool's own usage error.
  ///
  /// - Parameter wrap: Turns what is wrong into the tool's error, such as
  ///   `UsageError.commandLine`.
  /// - Returns: The argument, or `nil` when none is left.
  /// - Throws: What `wrap` makes of the errors of ``next()``.
  public mutating func next<Failure: Error>(
    orThrow wrap: (CommandLineError) -> Failure
  ) throws(Failure) -> Argument? {
    do { return try next() } catch { throw wrap(error) }
  }

  /// The error for an argument the tool does not know.
  ///
  /// - Parameter argument: The argument, as ``next()`` read it.
  /// - Returns: ``CommandLineError/unknownOption(_:)`` for an option or a flag,
  ///   ``CommandLineError/unexpectedOperand(_:)`` for an operand.
  public func unknown(_ argument: Argument) -> CommandLineError {
    switch argument {
    case .flag(let name), .option(let name, _): .unknownOption(name)
    case .operand(let operand): .unexpectedOperand(operand)
    }
  }

  /// Decodes the raw bytes of the process's arguments.
  ///
  /// `CommandLine.arguments` repairs invalid UTF-8, which would turn a file name in another
  /// encoding into a different name (and report that file as missing); this reports it instead.
  ///
  /// - Parameter arguments: The arguments' bytes, without their terminating NULs. Defaults to
  ///   this process's arguments after the program name.
  /// - Returns: The arguments as strings.
  /// - Throws: ``CommandLineError/notUTF8(_:)`` for the first argument that is not valid UTF-8.
  public static func decode(
    _ arguments: [[UInt8]] = processArguments()
  ) throws(CommandLineError) -> [String] {
    try arguments.map { bytes throws(CommandLineError) in
      guard let argument = String(validating: bytes, as: UTF8.self) else {
        throw .notUTF8(String(decoding: bytes, as: UTF8.self))
      }
      return argument
    }
  }

  /// This process's arguments after the program name, as bytes.
  ///
  /// - Returns: Each argument's bytes, without its terminating NUL.
  public static func processArguments() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      return UnsafeRawBufferPointer(start: argument, count: strlen(argument)).map { $0 }
    }
  }
}
