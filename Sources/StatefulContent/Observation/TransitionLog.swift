#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
/// print(log.timeline(explained: true))
/// // "0 idle -> loading because rule 3: a load runs, no content yet", …
/// ```
///
/// Each change carries the decision that produced it, so the log is the trace of why the
/// screen showed what it showed. It keeps the newest ``capacity`` changes, and is `Codable`:
/// ``jsonLines()`` writes one JSON object per change, for a bug report, and
/// ``init(jsonLines:capacity:)`` reads them back — deciding each recorded decision's inputs
/// again (``StateDecision/decide(_:)``) must give the recorded decision, also with a newer
/// build. The machine's changes hold no secret: their errors are redacted texts.
public struct TransitionLog: Sendable, Codable {
  /// The changes recorded, oldest first: the newest ``capacity`` of them.
  public private(set) var changes: [ContentStateChange]
  /// How many changes the log keeps: recording one more drops the oldest.
  public let capacity: Int
  /// How many changes were dropped, oldest first, to keep the log within ``capacity``.
  public private(set) var droppedCount = 0

  /// The number of changes a log keeps unless told otherwise: 1,000.
  public static let defaultCapacity = 1_000

  /// Creates a log.
  ///
  /// - Parameters:
  ///   - changes: Changes recorded already, oldest first. Defaults to none.
  ///   - capacity: How many changes to keep, at least 1. Defaults to
  ///     ``defaultCapacity``.
  public init(_ changes: [ContentStateChange] = [], capacity: Int = defaultCapacity) {
    self.capacity = max(capacity, 1)
    self.changes = []
    for change in changes { record(change) }
  }

  /// Records a change after the ones recorded so far, dropping the oldest when the log
  /// holds ``capacity`` changes.
  ///
  /// - Parameter change: The change, such as one from ``ContentStateMachine/stateChanges()``.
  /// - Complexity: Amortized O(1) until the log is full, then O(``capacity``).
  public mutating func record(_ change: ContentStateChange) {
    if changes.count >= capacity {
      let dropped = changes.count - capacity + 1
      changes.removeFirst(dropped)
      let (sum, overflow) = droppedCount.addingReportingOverflow(dropped)
      droppedCount = overflow ? Int.max : sum
    }
    changes.append(change)
  }

  /// The changes as JSON lines: one JSON object per change, oldest first, each ending with a
  /// line feed.
  ///
  /// - Throws: `EncodingError` if a value cannot be encoded (a duration out of range).
  /// - Complexity: O(*n*) for *n* recorded changes.
  public func jsonLines() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try changes.map { change in
      String(decoding: try encoder.encode(change), as: UTF8.self) + "\n"
    }.joined()
  }

  /// Reads a log written by ``jsonLines()``; empty lines are skipped.
  ///
  /// Lines end at a line feed (a carriage return before it is allowed); other line breaks,
  /// such as U+2028 in an error's text, belong to the line. Beyond `capacity` lines, the
  /// oldest are dropped unread and counted in ``droppedCount``.
  ///
  /// - Parameters:
  ///   - jsonLines: The JSON lines.
  ///   - capacity: How many changes to keep, at least 1. Defaults to ``defaultCapacity``.
  /// - Throws: `DecodingError` for a kept line that is not a recorded change.
  /// - Complexity: O(*n*) in the text's length.
  public init(jsonLines: String, capacity: Int = defaultCapacity) throws {
    let decoder = JSONDecoder()
    let lines = jsonLines.utf8.split(separator: UInt8(ascii: "\n")).filter { line in
      line.contains { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: " ") }
    }
    let kept = lines.suffix(max(capacity, 1))
    let changes = try kept.map { line in
      try decoder.decode(ContentStateChange.self, from: Data(line))
    }
    self.init(changes, capacity: capacity)
    droppedCount = lines.count - kept.count
  }

  private enum CodingKeys: String, CodingKey {
    case changes, capacity, droppedCount
  }

  /// Reads a log encoded as a whole; a capacity below 1 counts as 1, changes beyond it are
  /// dropped oldest first and counted, and a negative dropped count counts as 0.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` when a change or a field is not what a log holds.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let changes = try container.decode([ContentStateChange].self, forKey: .changes)
    let capacity = try container.decodeIfPresent(Int.self, forKey: .capacity)
    self.init(changes, capacity: capacity ?? Self.defaultCapacity)
    let dropped = try container.decodeIfPresent(Int.self, forKey: .droppedCount) ?? 0
    let (sum, overflow) = droppedCount.addingReportingOverflow(max(dropped, 0))
    droppedCount = overflow ? Int.max : sum
  }

  /// The recorded changes whose decision, decided again from its recorded inputs, differs:
  /// empty when the rules of this build decide as the ones that recorded the log.
  ///
  /// - Complexity: O(*n*) for *n* recorded changes.
  public var changesDecidedDifferently: [ContentStateChange] {
    changes.filter { change in
      guard change.decision.rule != .requested else { return false }
      let again = StateDecision.decide(change.decision.inputs)
      return again.explanation != change.decision.explanation
    }
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
  public var mermaidStateDiagram: String { mermaidStateDiagram(explained: false) }

  /// The changes as a Mermaid `stateDiagram-v2`, each edge labelled, when `explained`, also
  /// with the rules that decided its target state, in the order they first did:
  /// `loading --> content : 2× (rule 2)`, `content --> error : 1× (rule 1)`.
  ///
  /// - Parameter explained: Whether to name the deciding rules (``StateDecision/rule``; a
  ///   state asked for directly is named `requested`).
  /// - Returns: The diagram, as ``mermaidStateDiagram`` draws it.
  /// - Complexity: O(*n*) for *n* recorded changes.
  public func mermaidStateDiagram(explained: Bool) -> String {
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
    var rules: [String: [String]] = [:]
    for change in changes where change.from.kind != change.to.kind {
      let edge = (from: identifier(change.from.kind), to: identifier(change.to.kind))
      let key = edge.from + " " + edge.to
      if counts[key] == nil { edges.append(edge) }
      counts[key, default: 0] += 1
      let rule = change.decision.rule.description
      if explained, !(rules[key] ?? []).contains(rule) { rules[key, default: []].append(rule) }
    }
    for edge in edges {
      let key = edge.from + " " + edge.to
      let because = rules[key].map { " (" + $0.joined(separator: ", ") + ")" } ?? ""
      lines.append("  \(edge.from) --> \(edge.to) : \(counts[key] ?? 0)×" + because)
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
  public var timeline: String { timeline(explained: false) }

  /// The changes as a timeline, each line ending, when `explained`, with ` because ` and the
  /// reason of the decision behind it: `0 idle -> loading because rule 3: a load runs, no
  /// content yet`.
  ///
  /// - Parameter explained: Whether to add each change's reason (``StateDecision/reason``).
  /// - Returns: One line per change, as ``timeline`` writes them.
  /// - Complexity: O(*n*) for *n* recorded changes.
  public func timeline(explained: Bool) -> String {
    changes.map { change in
      let milliseconds = TraceText.milliseconds(change.elapsed)
      let refreshing = change.isRefreshing ? " (refreshing)" : ""
      let from = TraceText.oneLine(change.from.description)
      let to = TraceText.oneLine(change.to.description)
      let reason = explained ? " because " + TraceText.oneLine(change.decision.reason) : ""
      return "\(milliseconds) \(from) -> \(to)" + refreshing + reason + "\n"
    }.joined()
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
      case _ where TraceText.isLineBreaking(scalar): scalars.append(" ")
      default: scalars.append(scalar)
      }
      // A zero-width space after "direction" (in any case) keeps Mermaid's `direction\s+LR`
      // rule from matching: it is not white space to that rule.
      if String(scalars.suffix(9)).lowercased() == "direction" { scalars.append("\u{200B}") }
    }
    return scalars.isEmpty ? "(empty name)" : String(scalars)
  }
}
