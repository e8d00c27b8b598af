import StatefulContentTerminal

extension ViewerApp {
  /// Runs `--forget FILE`: removes the password remembered for the PDF from ``keyring``,
  /// by the PDF's ``DocumentFingerprint``, and says what it did.
  ///
  /// - Parameter path: The PDF whose password to forget.
  /// - Returns: 0 when the password was removed or none was remembered; 1 when the file
  ///   cannot be fingerprinted, `keyctl` is missing or the keyring refuses.
  func forget(_ path: String) async -> Int32 {
    let file = TerminalText.clean(path)
    do {
      let fingerprint = try await DocumentFingerprint.of(
        path, searchPath: keyring.searchPath, runner: keyring.runner)
      let removed = try await keyring.remove(named: fingerprint.keyName)
      environment.writeOutput(
        strings.text(removed ? .forgotPassword : .nothingRemembered, ["file": file]) + "\n")
      return 0
    } catch let failure as DocumentFingerprint.Failure {
      environment.writeError(
        strings.text(
          .forgetUnreadable, ["file": file, "reason": TerminalText.clean(failure.description)])
          + "\n")
    } catch KernelKeyring.Failure.keyctlMissing {
      environment.writeError(
        strings.text(.keyctlMissing, ["file": file, "package": KernelKeyring.package]) + "\n")
    } catch {
      let reason =
        if case KernelKeyring.Failure.refused(let reason) = error { reason } else { "\(error)" }
      environment.writeError(
        strings.text(.keyringRefused, ["file": file, "reason": TerminalText.clean(reason)])
          + "\n")
    }
    return 1
  }
}
