import Foundation
import StatefulContentTerminal

/// The viewer's use of the library's interrupt controller: Ctrl-C cancels a session's load once
/// in the viewer's life, and says so.
///
/// The first interrupt while a document loads (or a password is being checked) cancels that
/// load — the session brings back what was shown before, or keeps the first screenful it has
/// shown and stops reading the rest — and the viewer goes on. A second interrupt, even during
/// a later load, quits with status 130.
///
/// ```swift
/// await interrupts.cancelOnInterrupt(session, writeNote: writeError, strings: strings) {
///   await session.open()          // interrupts.interrupt() now cancels this load…
/// }
/// interrupts.interrupt()          // …and now returns .exit(status: 130)
/// ```
extension InterruptController {
  /// Runs a session's load so that the first interrupt meanwhile cancels it, unless an
  /// interrupt cancelled a load before.
  ///
  /// - Parameters:
  ///   - session: The session whose load `body` runs, such as its `open()` or `unlock(with:)`.
  ///   - writeNote: Writes the note that says the load was cancelled. Defaults to standard
  ///     error.
  ///   - strings: The language of the note. Defaults to the process's
  ///     (``ViewerStrings/current``).
  ///   - body: The load.
  /// - Returns: What `body` returns.
  @MainActor @discardableResult
  public func cancelOnInterrupt<Result>(
    _ session: DocumentSession,
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError,
    strings: ViewerStrings = .current, during body: () async -> Result
  ) async -> Result {
    guard cancelledCount == 0 else { return await body() }
    let watched = WatchedSession(session)
    let note = strings.text(.interruptNote) + "\n"
    let token = cancelOnInterrupt {
      Task { @MainActor in
        if watched.isWatched { watched.session.cancelLoading() }
      }
      writeNote(note)
    }
    defer {
      watched.isWatched = false
      stopCancelling(token)
    }
    return await body()
  }
}

/// A session whose load an interrupt may cancel, for as long as it is watched.
@MainActor
private final class WatchedSession {
  let session: DocumentSession
  var isWatched = true

  init(_ session: DocumentSession) { self.session = session }
}
