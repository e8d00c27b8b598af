/// A record of presented state changes, exportable as a Mermaid state diagram and a timeline.
///
/// Feed it the changes of ``ContentStateMachine/stateChanges()`` (or any you build yourself) and
/// export what happened — for a bug report, a design review or a test's failure message:
///
/// ```swift
/// var log = TransitionLog()
/// for await change in model.stateMachine.stateChanges() {
///   log.record(change)
///   if change.to.kind == .content { break }
/// }
/// print(log.mermaidStateDiagram)   // paste into any Mermaid renderer
/// print(log.timeline)              // "0 idle -> loading", "412 loading -> content", …
/// ```
public struct TransitionLog: Sendable {
  /// The changes recorded, oldest first.
  public private(set) var changes: [ContentStateChange]

  /// Creates a log.
  ///
  /// - Parameter changes: Changes recorded already, oldest first. Defaults to none.
  public init(_ changes: [ContentStateChange] = []) {
    self.changes = changes
  }

  /// Records a change after the ones recorded so far.
  ///
  /// - Parameter change: The change, such as one from ``ContentStateMachine/stateChanges()``.
  /// - Complexity: Amortized O(1).
  public mutating func record(_ change: ContentStateChange) {
    changes.append(change)
  }

  /// The changes as a Mermaid `stateDiagram-v2`.
  ///
  /// Each kind of state is a node; the first change's `from` state is entered from the start
  /// marker `[*]`; each change between two different kinds is an edge, labelled with how
  /// often it happened (`loading --> content : 2×`), in the order each edge first happened.
  /// Changes within one kind — progress, a new error, a refresh starting or ending — are not
  /// edges; ``timeline`` lists them. Custom states are declared before the edges, with the
  /// identifiers `custom1`, `custom2`, … and their key as label (a custom state named like a
  /// built-in one stays apart). An empty log is a diagram with no states.
  ///
  /// - Complexity: O(*n*) for *n* recorded changes.
  public var mermaidStateDiagram: String {
    var lines = ["stateDiagram-v2"]
    var customIdentifiers: [CustomStateKey: String] = [:]
    func identifier(_ kind: ContentState.Kind) -> String {
      guard case .custom(let key) = kind else { return kind.description }
      if let known = customIdentifiers[key] { return known }
      let identifier = "custom\(customIdentifiers.count + 1)"
      customIdentifiers[key] = identifier
      lines.append("  state \"\(Self.label(key.name))\" as \(identifier)")
      return identifier
    }
    guard let first = changes.first else { return lines.joined(separator: "\n") + "\n" }
    lines.append("  [*] --> \(identifier(first.from.kind))")
    var edges: [(from: String, to: String)] = []
    var counts: [String: Int] = [:]
    for change in changes where change.from.kind != change.to.kind {
      let edge = (from: identifier(change.from.kind), to: identifier(change.to.kind))
      let key = edge.from + " " + edge.to
      if counts[key] == nil { edges.append(edge) }
      counts[key, default: 0] += 1
    }
    for edge in edges {
      lines.append("  \(edge.from) --> \(edge.to) : \(counts[edge.from + " " + edge.to] ?? 0)×")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The changes as a timeline: one line per change, `<ms> <from> -> <to>`.
  ///
  /// Times are whole milliseconds since the machine was created, on its clock (see
  /// ``ContentStateChange/elapsed``; negative times print as 0); states print with their
  /// payload, such as `loading(40%)` or `error(File not found)`, and ` (refreshing)` marks a
  /// load running behind content.
  /// Control characters in payloads (an error's description) are replaced by spaces, so that
  /// every change stays on one line.
  ///
  /// - Complexity: O(*n*) for *n* recorded changes.
  public var timeline: String {
    changes.map { change in
      let (seconds, attoseconds) = change.elapsed.components
      // Negative times count as 0; times too large for milliseconds in an Int64 saturate.
      let (whole, overflow) = max(seconds, 0).multipliedReportingOverflow(by: 1000)
      let (sum, sumOverflow) = whole.addingReportingOverflow(
        max(attoseconds, 0) / 1_000_000_000_000_000)
      let milliseconds = overflow || sumOverflow ? Int64.max : sum
      let refreshing = change.isRefreshing ? " (refreshing)" : ""
      return "\(milliseconds) \(Self.oneLine(change.from)) -> \(Self.oneLine(change.to))"
        + refreshing + "\n"
    }.joined()
  }

  /// A state's description on one line.
  private static func oneLine(_ state: ContentState) -> String {
    String(
      String.UnicodeScalarView(
        state.description.unicodeScalars.map { isLineBreaking($0) ? " " : $0 }))
  }

  /// A custom state's key as a Mermaid label, kept from being read as Mermaid syntax: quotes
  /// would end the label, line breaks the statement, `<<…>>` and `[[…]]` are read as fork,
  /// join and choice markers, `direction LR` anywhere on a line turns the diagram, and an
  /// empty label does not parse.
  private static func label(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\"": scalars.append("'")
      case "<": scalars.append("‹")
      case ">": scalars.append("›")
      case "[": scalars.append("(")
      case "]": scalars.append(")")
      case _ where isLineBreaking(scalar): scalars.append(" ")
      default: scalars.append(scalar)
      }
      // A zero-width space after "direction" (in any case) keeps Mermaid's `direction\s+LR`
      // rule from matching: it is not white space to that rule.
      if String(scalars.suffix(9)).lowercased() == "direction" { scalars.append("\u{200B}") }
    }
    return scalars.isEmpty ? "(empty name)" : String(scalars)
  }

  /// Control characters and line or paragraph separators: anything that may break a line.
  private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
