extension PseudoTerminal {
  /// Starts a tool the way a person's shell runs it, under job control, to test Ctrl-Z, `bg`
  /// and `fg`: the tool runs in the foreground; once it stops (send it `SIGTSTP`, as Ctrl-Z
  /// does), the shell continues it in the background (`bg`); once it stops again — a tool
  /// reading its terminal in the background is stopped by `SIGTTIN` — the shell brings it back
  /// to the foreground (`fg`) and waits for it to end.
  ///
  /// The shell (`/bin/bash`, with this terminal as its controlling terminal) writes each step to
  /// `log`, a line each: `pid <tool's pid>`, `stopped <status>`, `continued`, `ended <status>`
  /// (the status `wait` reported: 128 + `SIGTTIN` when the tool stopped on its read), and
  /// `finished <tool's exit status>`.
  ///
  /// ```swift
  /// let shell = try terminal.spawnUnderJobControl(tool, log: log)
  /// // read "pid" from the log; kill(pid, SIGTSTP); wait for "continued", then "ended 149"…
  /// ```
  ///
  /// - Parameters:
  ///   - executable: The tool's path.
  ///   - arguments: Its arguments, without its name.
  ///   - environment: The environment, as `NAME=value` strings. Defaults to
  ///     `TERM=xterm-256color` and the test's `PATH`.
  ///   - log: The file the shell appends its steps to.
  /// - Returns: The shell; it ends once the tool has ended in the foreground.
  /// - Throws: ``SpawnError`` when the shell cannot be started.
  public func spawnUnderJobControl(
    _ executable: String, arguments: [String] = [], environment: [String]? = nil, log: String
  ) throws(SpawnError) -> Child {
    let log = "'" + log.replacing("'", with: "'\\''") + "'"
    let script = """
      set -m
      "$0" "$@" &
      echo "pid $!" >> \(log)
      fg %1 > /dev/null
      echo "stopped $?" >> \(log)
      bg %1 > /dev/null
      echo "continued" >> \(log)
      wait $!
      echo "ended $?" >> \(log)
      fg %1 > /dev/null
      echo "finished $?" >> \(log)
      """
    return try spawn(
      "/bin/bash", arguments: ["-c", script, executable] + arguments, environment: environment)
  }
}
