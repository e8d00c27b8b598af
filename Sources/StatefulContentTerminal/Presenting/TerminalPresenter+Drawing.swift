import StatefulContent

extension TerminalPresenter {
  /// A progress bar with its percentage, such as `[#####.....] 50%`.
  ///
  /// - Parameters:
  ///   - fraction: The fraction done; clamped to 0…1, and 0 when not finite.
  ///   - cells: How many cells the bar has; values below 1 mean 1. Defaults to 10.
  /// - Returns: The bar, without escape codes.
  public static func progressBar(_ fraction: Double, cells: Int = 10) -> String {
    let cells = max(cells, 1)
    let filled = filledCells(fraction, cells: cells)
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: ".", count: cells - filled) + "] \(percent(fraction))%"
  }

  /// How many of a bar's cells a fraction fills: 0 to `cells`.
  static func filledCells(_ fraction: Double, cells: Int) -> Int {
    Int(clamped(fraction) * Double(max(cells, 1)))
  }

  /// A fraction as a whole percentage, rounded down: 0.999 is 99, so that 100 means done.
  static func percent(_ fraction: Double) -> Int {
    Int(clamped(fraction) * 100)
  }

  private static func clamped(_ fraction: Double) -> Double {
    fraction.isFinite ? min(max(fraction, 0), 1) : 0
  }

  /// Turns the parts of a presentation into lines: placeholders (plain, or in a box), the
  /// loading block, the status and footer lines, each cleaned, cut to the width and styled.
  /// Pure: it writes nothing.
  struct Painter {
    var colors: Bool
    var texts: Texts
    var keys: [PlaceholderAction.Role: String]
    var barCells: Int

    /// Text between SGR codes, or as it is without colours.
    func styled(_ text: String, _ codes: String) -> String {
      colors && !text.isEmpty ? "\u{1B}[\(codes)m\(text)\u{1B}[0m" : text
    }

    /// A line of content dimmed (SGR 2, then 22: normal intensity).
    func dimmed(_ line: String) -> String {
      colors && !line.isEmpty ? "\u{1B}[2m" + line + "\u{1B}[22m" : line
    }

    /// Text from outside cleaned and cut to the columns.
    func fitted(_ text: String, _ columns: Int?) -> String {
      TerminalText.fitted(TerminalText.clean(text, tabs: .space), width: columns)
    }

    /// A content line cleaned and cut to the columns; its tabs stay, stopping every 8
    /// columns, so that a document's columns line up.
    func fittedContent(_ line: String, _ columns: Int?) -> String {
      TerminalText.fitted(TerminalText.clean(line), width: columns)
    }

    /// The SGR codes of a state's title.
    func titleCodes(for kind: ContentState.Kind) -> String {
      switch kind {
      case .error: "1;31"
      case .empty, .waiting: "1;33"
      case .loading: "1;36"
      case .locked: "1;35"
      case .idle, .content, .custom: "1"
      }
    }

    /// The parts of a placeholder: its title, message, recovery suggestion and actions.
    func parts(of placeholder: any Placeholder, kind: ContentState.Kind)
      -> (title: String, texts: [String], actions: [PlaceholderAction])
    {
      guard let standard = placeholder as? StandardPlaceholder else {
        return (placeholder.accessibilityAnnouncement ?? "\(kind)", [], [])
      }
      let texts = [standard.message, standard.recoverySuggestion].compactMap { $0 }
        .filter { !$0.isEmpty }
      return (standard.title, texts, standard.actions)
    }

    /// An action as a terminal shows it: `[r] Retry` when a key performs it, else `[Retry]`.
    func label(of action: PlaceholderAction) -> String {
      let title = TerminalText.clean(action.title, tabs: .space)
      guard let key = keys[action.role] else { return "[\(title)]" }
      return "[\(TerminalText.clean(key, tabs: .space))] \(title)"
    }

    /// A placeholder as plain lines: the title, the message, the recovery suggestion and the
    /// actions (`[Retry]`), indented by the leading inset, after the top inset's blank lines.
    func plainLines(of placeholder: any Placeholder, kind: ContentState.Kind, insets: EdgeInsets)
      -> [String]
    {
      let (title, texts, actions) = parts(of: placeholder, kind: kind)
      var lines = [title] + texts
      if !actions.isEmpty {
        lines.append(
          actions.map { "[\(TerminalText.clean($0.title, tabs: .space))]" }.joined(separator: " "))
      }
      return indented(lines.map { TerminalText.clean($0, tabs: .space) }, insets: insets)
    }

    /// A placeholder drawn on a terminal: loading as a spinner, its title and a progress bar;
    /// any other state in a box with its actions and their keys. Without room for a box
    /// (fewer than 8 columns), the plain lines, cut.
    func terminalLines(
      of placeholder: any Placeholder, state: ContentState, insets: EdgeInsets, columns: Int?,
      spinner: Character
    ) -> [String] {
      let kind = state.kind
      let indent = Self.indent(of: insets, columns: columns)
      let available = columns.map { max($0 - indent, 1) }
      let (title, texts, actions) = parts(of: placeholder, kind: kind)
      var lines: [String]
      if kind == .loading {
        lines = [styled(fitted("\(spinner) " + title, available), titleCodes(for: kind))]
        lines += texts.map { fitted("  " + $0, available) }
        if let progress = (placeholder as? StandardPlaceholder)?.progress {
          lines.append(
            fitted("  " + TerminalPresenter.progressBar(progress, cells: barCells), available))
        }
      } else if let available, available < 8 {
        lines = plainLines(of: placeholder, kind: kind, insets: .zero).map { fitted($0, available) }
      } else {
        lines = box(title: title, texts: texts, actions: actions, kind: kind, columns: available)
      }
      return indented(lines, insets: insets, columns: columns)
    }

    /// The lines of a box: the title, the texts wrapped at word boundaries, the actions, in
    /// a frame as wide as its widest line and no wider than `columns`.
    private func box(
      title: String, texts: [String], actions: [PlaceholderAction], kind: ContentState.Kind,
      columns: Int?
    ) -> [String] {
      let limit = columns.map { $0 - 4 }
      var rows: [(text: String, codes: String?)] = [(fitted(title, limit), titleCodes(for: kind))]
      for text in texts {
        rows += Self.wrapped(TerminalText.clean(text, tabs: .space), width: limit).map { ($0, nil) }
      }
      if !actions.isEmpty {
        rows.append((fitted(actions.map(label).joined(separator: " "), limit), "1"))
      }
      let inner = rows.map { TerminalText.columns(of: $0.text[...]) }.max() ?? 0
      let border = String(repeating: "─", count: inner + 2)
      let middle = rows.map { row -> String in
        let padding = String(repeating: " ", count: inner - TerminalText.columns(of: row.text[...]))
        let text = row.codes.map { styled(row.text, $0) } ?? row.text
        return styled("│", "2") + " " + text + padding + " " + styled("│", "2")
      }
      return [styled("┌" + border + "┐", "2")] + middle + [styled("└" + border + "┘", "2")]
    }

    /// Text broken at spaces into lines of at most `width` columns; a word longer than that
    /// is cut with "…".
    static func wrapped(_ text: String, width: Int?) -> [String] {
      guard let width, TerminalText.columns(of: text[...]) > width else { return [text] }
      var lines: [String] = []
      var line = ""
      for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if TerminalText.columns(of: candidate[...]) <= width {
          line = candidate
        } else {
          if !line.isEmpty { lines.append(line) }
          line = TerminalText.fitted(String(word), width: width)
        }
      }
      if !line.isEmpty { lines.append(line) }
      return lines
    }

    /// Lines moved right by the leading inset (at most 40 columns, and at most half of
    /// `columns`), after as many blank lines as the top inset (at most 10).
    func indented(_ lines: [String], insets: EdgeInsets, columns: Int? = nil) -> [String] {
      let prefix = String(repeating: " ", count: Self.indent(of: insets, columns: columns))
      let blank = Array(repeating: "", count: Int(min(insets.sanitized.top, 10)))
      return blank + lines.map { $0.isEmpty ? $0 : prefix + $0 }
    }

    /// The columns a leading inset moves a placeholder right: at most 40, and at most half
    /// of `columns`, so that an inset wider than the terminal leaves room for the text.
    static func indent(of insets: EdgeInsets, columns: Int?) -> Int {
      let indent = Int(min(insets.sanitized.leading, 40))
      return columns.map { min(indent, $0 / 2) } ?? indent
    }

    /// The marks of a presentation for the status line, each starting with its separator:
    /// refreshing with its progress, or the previous key's content shown while another loads;
    /// then the marks of content over time (``overTimeMarks(of:age:)``).
    ///
    /// The activity comes first, as the spinner starts the line; offline comes before stale,
    /// the cause before what it leads to, and the stale mark's age last, so that a narrow
    /// line cut with "…" loses the age first.
    func marks(of presentation: Presentation, shownKey: LoadKey?, age: Duration?) -> String {
      var activity = ""
      if presentation.showsPreviousKey {
        activity = texts.previousKey(
          TerminalText.clean(shownKey?.description ?? "", tabs: .space),
          TerminalText.clean(presentation.key?.description ?? "", tabs: .space))
      } else if presentation.isRefreshing {
        activity = texts.refreshing(presentation.progress)
      }
      return activity + overTimeMarks(of: presentation, age: age)
    }

    /// The marks of content over time: stale with the content's age, then offline — in the
    /// order of a tool's own status ("Updated 5 minutes ago · Offline"); empty for any state
    /// but content, whose placeholder says it all (waiting for the network).
    func overTimeMarks(of presentation: Presentation, age: Duration?) -> String {
      guard TerminalPresenter.isMarkedOverTime(presentation) else { return "" }
      return (presentation.isStale ? texts.stale(age) : "")
        + (presentation.isOffline ? texts.offline : "")
    }

    /// The line of content over time written in ``Mode/plain``, such as `Offline · Not up to
    /// date · Updated 5 minutes ago`, or `nil` when the content is neither offline nor stale.
    func overTimeLine(of presentation: Presentation) -> String? {
      let marks = overTimeMarks(of: presentation, age: presentation.contentAge)
      guard !marks.isEmpty else { return nil }
      return TerminalText.clean(
        String(marks.drop { $0 == " " || $0 == "·" }), tabs: .space)
    }

    /// The footer of a page being appended, or `nil` when none is.
    func appendFooter(of presentation: Presentation, spinner: Character) -> String? {
      switch presentation.append {
      case .idle: nil
      case .loading: "\(spinner) " + texts.appendLoading
      case .failed(let error):
        texts.appendFailed(TerminalText.clean(texts.describe(error), tabs: .space))
      }
    }
  }
}
