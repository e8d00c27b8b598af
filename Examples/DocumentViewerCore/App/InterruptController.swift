import Foundation
import StatefulContentTerminal

/// Decides what a signal that ends or interrupts the viewer does: cancel the running load once,
/// otherwise quit after the clean-ups.
///
/// The first interrupt (Ctrl-C, `SIGINT`) while a document loads (or a password is being
/// checked) cancels that load — the session brings back what was shown before, or keeps the
/// first screenful it has shown and stops reading the rest — and the viewer goes on. A second interrupt, or one while nothing loads (for example at a password
/// prompt) or while output is being written (the viewer may wait for a full pipe's reader),
/// quits with status 130. `SIGTERM`
/// and `SIGHUP` always quit, with 128 + the signal's number; standard output that cannot be
/// written quits with 1 (``endAfterWriteError(code:)``). Before quitting, the registered
/// clean-ups run (such as turning the terminal's echo back on). Ctrl-Z (`SIGTSTP`) runs them
/// too but keeps them, and `fg` (`SIGCONT`) undoes them (``suspend()``, ``resume()``): the
/// shell gets its terminal back while the viewer is stopped, the prompt its no-echo mode when
/// it goes on.
///
/// The controller is `Sendable` and takes its decisions under a lock, without the main actor:
/// ``InterruptSignal`` calls it from a queue of its own, so that a signal is handled even while
/// the main thread is blocked (writing to a pipe nobody reads, opening a FIFO). Only the
/// cancelling of a load hops to the main actor, where sessions live. Tests call
/// ``interrupt()`` and ``terminate(signal:)`` instead of sending signals.
///
/// ```swift
/// let interrupts = InterruptController()
/// await interrupts.cancelOnInterrupt(session) {
///   await session.open()          // interrupts.interrupt() now cancels this load…
/// }
/// interrupts.interrupt()          // …and now returns .exit(status: 130)
/// ```
public final class InterruptController: Sendable {
  /// What an interrupt did.
  public enum Response: Hashable, Sendable {
    /// The running load is being cancelled; the viewer goes on.
    case cancelledLoad
    /// The viewer must quit with this status; the clean-ups have run.
    ///
    /// - Parameter status: The exit status, 130 (128 + `SIGINT`).
    case exit(status: Int32)
  }

  /// The exit status after an interrupt: 128 + `SIGINT`, as shells report it.
  public static let exitStatus: Int32 = 128 + SIGINT

  /// The exit status after standard output could not be written (`> /dev/full`, a closed
  /// standard output): 1.
  public static let writeErrorStatus: Int32 = 1

  /// Writes notes for the user, to standard error; called on the caller's thread.
  public let writeNote: @Sendable (String) -> Void

  private struct State {
    var cancelLoad: (@Sendable () -> Void)?
    var cancelledLoadCount = 0
    var writesInProgress = 0
    var cleanups: [Int: @Sendable () -> Void] = [:]
    var reentries: [Int: @Sendable () -> Void] = [:]
    var terminationStatus: Int32?
    var nextCleanup = 0
  }

  private let state = Locked(State())

  /// The language of the notes.
  public let strings: ViewerStrings

  /// Creates a controller.
  ///
  /// - Parameters:
  ///   - writeNote: Writes notes for the user. Defaults to standard error.
  ///   - strings: The language of the notes. Defaults to the process's
  ///     (``ViewerStrings/current``).
  public init(
    writeNote: @escaping @Sendable (String) -> Void = StandardStreams.writeToError,
    strings: ViewerStrings = .current
  ) {
    self.writeNote = writeNote
    self.strings = strings
  }

  /// How many loads interrupts have cancelled.
  public var cancelledLoadCount: Int { state.withLock { $0.cancelledLoadCount } }

  /// Runs a session's load so that the first interrupt meanwhile cancels it.
  ///
  /// - Parameters:
  ///   - session: The session whose load `body` runs, such as its `open()` or `unlock(with:)`.
  ///   - body: The load.
  /// - Returns: What `body` returns.
  @MainActor @discardableResult
  public func cancelOnInterrupt<Result>(
    _ session: DocumentSession, during body: () async -> Result
  ) async -> Result {
    let watched = WatchedSession(session)
    state.withLock { state in
      state.cancelLoad = {
        Task { @MainActor in
          if watched.isWatched { watched.session.cancelLoading() }
        }
      }
    }
    defer {
      watched.isWatched = false
      state.withLock { $0.cancelLoad = nil }
    }
    return await body()
  }

  /// Writes output so that an interrupt meanwhile quits, even during a load.
  ///
  /// A write blocks while nobody reads a full pipe; a load's end (its content) cannot be
  /// shown until it returns, so cancelling the load would change nothing the person sees.
  ///
  /// - Parameter write: Writes the output.
  /// - Returns: What `write` returns.
  public func quitOnInterrupt<Result>(whileWriting write: () -> Result) -> Result {
    state.withLock { $0.writesInProgress += 1 }
    defer { state.withLock { $0.writesInProgress -= 1 } }
    return write()
  }

  /// Handles one interrupt (`SIGINT`); safe to call from any thread.
  ///
  /// - Returns: ``Response/cancelledLoad`` when the first interrupt cancels the session's
  ///   running load while no output is being written; otherwise ``Response/exit(status:)``
  ///   with 130, after running the clean-ups.
  @discardableResult
  public func interrupt() -> Response {
    let cancel = state.withLock { state -> (@Sendable () -> Void)? in
      guard state.cancelledLoadCount == 0, state.writesInProgress == 0,
        let cancel = state.cancelLoad
      else { return nil }
      state.cancelledLoadCount += 1
      state.cancelLoad = nil
      return cancel
    }
    guard let cancel else { return .exit(status: terminate(signal: SIGINT)) }
    cancel()
    writeNote(strings.text(.interruptNote) + "\n")
    return .cancelledLoad
  }

  /// Runs the clean-ups before quitting because of a signal, such as `SIGTERM`, `SIGHUP` or
  /// `SIGPIPE`; safe to call from any thread.
  ///
  /// The status is recorded first (``terminationStatus``), so that the main thread, whose
  /// work the quitting may make fail (its tools are ended), exits with it too.
  ///
  /// - Parameter signal: The signal's number.
  /// - Returns: The exit status to quit with: 128 + `signal`, or the status of the signal that
  ///   began quitting before.
  @discardableResult
  public func terminate(signal: Int32) -> Int32 {
    terminate(status: 128 + signal).status
  }

  /// Runs the clean-ups before quitting because standard output cannot be written, then says
  /// so on standard error (with ``writeNote``); safe to call from any thread.
  ///
  /// Only the call that begins quitting writes the note, after the clean-ups (the terminal's
  /// echo is back, the prompt's line ended): a person reads it once, on a line of its own.
  ///
  /// - Parameter code: The `errno` value of the failed write, such as `ENOSPC` or `EBADF`.
  /// - Returns: The exit status to quit with: ``writeErrorStatus``, or the status of the
  ///   signal that began quitting before.
  @discardableResult
  public func endAfterWriteError(code: Int32) -> Int32 {
    let (status, isFirst) = terminate(status: Self.writeErrorStatus)
    if isFirst {
      let reason = systemErrorDescription(code)
      writeNote(strings.text(.outputUnwritable, ["reason": reason]) + "\n")
    }
    return status
  }

  /// Records the status to quit with, unless quitting began before, and runs the clean-ups.
  ///
  /// - Returns: The status recorded first, and whether this call recorded it.
  private func terminate(status: Int32) -> (status: Int32, isFirst: Bool) {
    let (recorded, isFirst, pending) = state.withLock { state in
      defer { state.cleanups.removeAll() }
      let isFirst = state.terminationStatus == nil
      let recorded = state.terminationStatus ?? status
      state.terminationStatus = recorded
      return (recorded, isFirst, state.cleanups.sorted { $0.key > $1.key }.map(\.value))
    }
    for cleanup in pending { cleanup() }
    return (recorded, isFirst)
  }

  /// The status a signal is ending the viewer with, once ``terminate(signal:)`` was called;
  /// `nil` before.
  ///
  /// The viewer's main thread exits with it rather than with its own status: quitting ends
  /// the tools it started and removes its folders, so the work it was doing then (writing the
  /// tour's samples) fails, and it would exit with 1 before the signal's handler exits.
  public var terminationStatus: Int32? { state.withLock { $0.terminationStatus } }

  /// Registers work to do before quitting on a signal, such as restoring the terminal, and
  /// the work that enters the mode it leaves again when the viewer goes on after a stop.
  ///
  /// Clean-ups run newest first, at most once, on the thread that handles the signal. A
  /// stop (``suspend()``) runs them too and keeps them; ``resume()`` then runs each
  /// `reenter`, oldest first.
  ///
  /// - Parameters:
  ///   - cleanup: The work, such as turning the terminal's echo back on.
  ///   - reenter: Undoes `cleanup` when the viewer goes on after a stop, such as turning the
  ///     echo off again. Defaults to nothing.
  /// - Returns: A token for ``removeCleanup(_:)``.
  public func addCleanup(
    _ cleanup: @escaping @Sendable () -> Void, reenter: (@Sendable () -> Void)? = nil
  ) -> Int {
    state.withLock { state in
      defer { state.nextCleanup += 1 }
      state.cleanups[state.nextCleanup] = cleanup
      state.reentries[state.nextCleanup] = reenter
      return state.nextCleanup
    }
  }

  /// Forgets a clean-up that is no longer needed, and its `reenter`.
  ///
  /// - Parameter token: The token ``addCleanup(_:reenter:)`` returned.
  public func removeCleanup(_ token: Int) {
    state.withLock { state in
      state.cleanups[token] = nil
      state.reentries[token] = nil
    }
  }

  /// Runs the clean-ups before the viewer stops (`SIGTSTP`, Ctrl-Z), newest first, and keeps
  /// them; safe to call from any thread.
  ///
  /// They run under the controller's lock, so that a clean-up being removed meanwhile (the
  /// prompt has its line) waits until they are done and has the last word.
  public func suspend() {
    state.withLock { state in
      for (_, cleanup) in state.cleanups.sorted(by: { $0.key > $1.key }) { cleanup() }
    }
  }

  /// Enters again, oldest first, what ``suspend()`` left, when the viewer goes on after a
  /// stop (`SIGCONT`, `fg`); safe to call from any thread.
  ///
  /// They run under the controller's lock, as the clean-ups of ``suspend()`` do.
  public func resume() {
    state.withLock { state in
      for (_, reenter) in state.reentries.sorted(by: { $0.key < $1.key }) { reenter() }
    }
  }

  /// A session whose load an interrupt may cancel, for as long as it is watched.
  @MainActor
  private final class WatchedSession {
    let session: DocumentSession
    var isWatched = true

    init(_ session: DocumentSession) { self.session = session }
  }
}
