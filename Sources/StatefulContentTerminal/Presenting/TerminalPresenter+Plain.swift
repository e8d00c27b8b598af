import StatefulContent

/// Plain lines: what a presentation writes to a pipe, a line per change, and the content
/// written as a log (also above an inline region).
extension TerminalPresenter {
  /// Writes the content's new lines to `write`, and the rest — placeholders, marks, progress
  /// — to `writeStatus`.
  func drawPlain() {
    let lines = plainLines()
    if !lines.content.isEmpty { write(lines.content.map { $0 + "\n" }.joined()) }
    if !lines.status.isEmpty { writeStatus(lines.status.map { $0 + "\n" }.joined()) }
  }

  /// The lines of the presentation in ``Mode/plain``, all of them: the placeholder, or the
  /// content and its marks.
  func plainFrame() -> [String] {
    let painter = painter
    if let placeholder = presentation.placeholder {
      return painter.plainLines(
        of: placeholder, kind: presentation.state.kind, insets: presentation.insets)
    }
    let overTime = painter.overTimeLine(of: presentation).map { [$0] } ?? []
    if presentation.showsPreviousKey { return [previousKeyLine()] + overTime }
    let region = Region(columns: currentSize?.columns, rows: nil, mode: .plain)
    let lines = (content?.contentLines(for: presentation, in: region) ?? []).map {
      painter.fittedContent($0, region.columns)
    }
    return lines + (presentation.append.error.map { [appendFailedLine($0)] } ?? []) + overTime
  }

  private func previousKeyLine() -> String {
    texts.previousKeyLine(
      TerminalText.clean(shownKey?.description ?? "", tabs: .space),
      TerminalText.clean(presentation.key?.description ?? "", tabs: .space))
  }

  private func appendFailedLine(_ error: any Error) -> String {
    texts.appendFailedLine(TerminalText.clean(texts.describe(error), tabs: .space))
  }

  /// The lines a presentation writes in ``Mode/plain``, and what it has written is noted:
  /// new content lines; a placeholder once, a mark once (the previous key's, a failed page,
  /// content offline or stale: each written when it is new, not again while it stays), a
  /// progress bar when a cell fills.
  private func plainLines() -> (content: [String], status: [String]) {
    let painter = painter
    let presentation = presentation
    var content: [String] = []
    var lines: [String] = []
    var marks: [String] = []
    if let placeholder = presentation.placeholder {
      writtenContent = nil
      let block = painter.plainLines(
        of: placeholder, kind: presentation.state.kind, insets: presentation.insets)
      if block != writtenPlaceholder { lines += block }
      writtenPlaceholder = block
    } else {
      writtenPlaceholder = nil
      if presentation.showsPreviousKey {
        writtenContent = nil
        marks.append(previousKeyLine())
      } else {
        let columns = currentSize?.columns
        content = newContentLines(in: Region(columns: columns, rows: nil, mode: .plain))
        if let error = presentation.append.error {
          marks.append(appendFailedLine(error))
        }
      }
      if let overTime = painter.overTimeLine(of: presentation) { marks.append(overTime) }
    }
    lines += marks.filter { !writtenMarks.contains($0) }
    writtenMarks = marks
    let progress =
      presentation.state.kind == .loading
      ? (presentation.placeholder as? StandardPlaceholder)?.progress
      : presentation.isRefreshing ? presentation.progress : nil
    if writesProgressLines, let progress {
      let cells = Self.filledCells(progress, cells: barCells)
      if cells != writtenCells {
        let prefix = String(
          repeating: " ", count: Int(min(presentation.insets.sanitized.leading, 40)))
        lines.append(prefix + Self.progressBar(progress, cells: barCells))
      }
      writtenCells = cells
    }
    return (content, lines)
  }

  /// The content lines not written yet, cleaned and cut: those after the ones written when
  /// the content still starts with them, else all of them.
  func newContentLines(in region: Region) -> [String] {
    guard presentation.placeholder == nil, !presentation.showsPreviousKey else {
      writtenContent = nil
      return []
    }
    let lines = content?.contentLines(for: presentation, in: region) ?? []
    var new = lines[...]
    if let writtenContent, lines.starts(with: writtenContent) {
      new = lines.dropFirst(writtenContent.count)
    }
    writtenContent = lines
    return new.map { painter.fittedContent($0, region.columns) }
  }
}
