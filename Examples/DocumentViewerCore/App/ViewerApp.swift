import Foundation
import StatefulContent

/// The `document-viewer` program, with its streams injectable so that tests can run it.
///
/// ```swift
/// let status = ViewerApp().run(["--timeline", "/etc/hostname"])
/// // prints "0 loading" and "1 content"; status == 0
/// ```
public struct ViewerApp {
  /// Writes to standard output.
  public var writeOutput: (String) -> Void
  /// Writes to standard error.
  public var writeError: (String) -> Void
  /// Whether rendered output uses ANSI escape codes.
  public var style: TerminalStyle
  /// How documents are read.
  public var reader: DocumentReader
  /// Makes the clock of a timeline, started when it is called.
  public var makeStopwatch: () -> () -> Duration

  /// Creates the program.
  ///
  /// - Parameters:
  ///   - writeOutput: Writes to standard output. Defaults to the process's standard output.
  ///   - writeError: Writes to standard error. Defaults to the process's standard error.
  ///   - style: Whether to use ANSI escape codes. Defaults to ANSI when standard output is a
  ///     terminal.
  ///   - reader: How documents are read. Defaults to a reader with default limits.
  ///   - makeStopwatch: Makes the clock of a timeline. Defaults to the continuous clock.
  public init(
    writeOutput: @escaping (String) -> Void = StandardStreams.writeToOutput,
    writeError: @escaping (String) -> Void = StandardStreams.writeToError,
    style: TerminalStyle = .detect(),
    reader: DocumentReader = DocumentReader(),
    makeStopwatch: @escaping () -> () -> Duration = TimelinePresenter.stopwatch
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.style = style
    self.reader = reader
    self.makeStopwatch = makeStopwatch
  }

  /// Runs the program.
  ///
  /// - Parameter arguments: The command-line arguments, without the program name.
  /// - Returns: The exit status: 0 whatever state the documents end in (and for `--help`),
  ///   1 when the sample documents cannot be written, 2 for bad usage.
  public func run(_ arguments: [String]) -> Int32 {
    let command: ViewerCommand
    do {
      command = try ViewerCommand.parse(arguments)
    } catch {
      writeError("document-viewer: \(error)\n\n\(ViewerCommand.usage)")
      return 2
    }
    switch command {
    case .help:
      writeOutput(ViewerCommand.usage)
      return 0
    case .view(let options) where options.paths.isEmpty:
      return tour(timeline: options.timeline)
    case .view(let options):
      let headings = options.paths.count > 1
      view(options.paths.map { (headings ? $0 : nil, $0) }, timeline: options.timeline)
      return 0
    }
  }

  /// Opens each document in turn, under its heading when it has one; in timeline mode only
  /// timeline lines are written.
  private func view(_ documents: [(heading: String?, path: String)], timeline: Bool) {
    let terminal = timeline ? nil : TerminalPresenter(style: style, write: writeOutput)
    let presenter: any Presenter =
      terminal ?? TimelinePresenter(elapsed: makeStopwatch(), write: writeOutput)
    let renderer = TerminalRenderer(style: style)
    for (index, document) in documents.enumerated() {
      if let terminal, let heading = document.heading {
        terminal.closeProgressLine()
        writeOutput((index > 0 ? "\n" : "") + renderer.heading(heading) + "\n")
      }
      let session = DocumentSession(path: document.path, reader: reader, presenter: presenter)
      terminal?.contentProvider = { [weak session] in session?.content }
      session.open()
    }
    terminal?.closeProgressLine()
  }

  private func tour(timeline: Bool) -> Int32 {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("document-viewer-samples-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let samples: [SampleDocuments.Sample]
    do {
      samples = try SampleDocuments.create(in: directory)
    } catch {
      writeError("document-viewer: cannot write the sample documents: \(error)\n")
      return 1
    }
    view(samples.map { ("\($0.title): \($0.name)", $0.path) }, timeline: timeline)
    return 0
  }
}
