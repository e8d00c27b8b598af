import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension FeedStrings {
  /// What the error placeholder says about a failed page.
  public struct ErrorTexts: Hashable, Sendable {
    /// The title, such as `The server answered 500`.
    public var title: String
    /// The message: what happened.
    public var message: String
    /// What the person can do.
    public var recoverySuggestion: String
  }

  /// The title, message and recovery suggestion of an error.
  ///
  /// - Parameter error: Why the page could not be read.
  /// - Returns: Its texts in this language.
  public func texts(for error: FeedError) -> ErrorTexts {
    let tryAgain = say(
      "Try again in a moment.", "Versuchen Sie es gleich noch einmal.",
      "Réessayez dans un instant.")
    let checkAddress = say(
      "Check that the address is a JSON Feed.", "Prüfen Sie, ob die Adresse ein JSON Feed ist.",
      "Vérifiez que l’adresse est un JSON Feed.")
    let invalid = say(
      "The feed is not valid", "Der Feed ist ungültig", "Le flux n’est pas valide")
    switch error {
    case .httpStatus(let status):
      return ErrorTexts(
        title: say(
          "The server answered \(status)", "Der Server antwortete mit \(status)",
          "Le serveur a répondu \(status)"),
        message: say(
          "It did not send the feed (HTTP status \(status)).",
          "Er schickte den Feed nicht (HTTP-Status \(status)).",
          "Il n’a pas envoyé le flux (statut HTTP \(status))."),
        recoverySuggestion: tryAgain)
    case .truncated(let received, let expected):
      let message =
        if let expected {
          say(
            "The response stopped after \(received) of \(expected) bytes.",
            "Die Antwort brach nach \(received) von \(expected) Bytes ab.",
            "La réponse s’est arrêtée après \(received) octets sur \(expected).")
        } else {
          say(
            "The response stopped before the end of the feed.",
            "Die Antwort brach vor dem Ende des Feeds ab.",
            "La réponse s’est arrêtée avant la fin du flux.")
        }
      return ErrorTexts(
        title: say(
          "The feed arrived incomplete", "Der Feed kam unvollständig an",
          "Le flux est arrivé incomplet"),
        message: message, recoverySuggestion: tryAgain)
    case .tooLarge(let limit):
      return ErrorTexts(
        title: say("The feed is too large", "Der Feed ist zu groß", "Le flux est trop grand"),
        message: say(
          "The page has more than \(limit) bytes, the most this reader reads.",
          "Die Seite hat mehr als \(limit) Bytes, mehr als dieser Leser liest.",
          "La page a plus de \(limit) octets, le maximum que ce lecteur lit."),
        recoverySuggestion: checkAddress)
    case .notJSON:
      return ErrorTexts(
        title: say(
          "This is not a JSON Feed", "Das ist kein JSON Feed", "Ce n’est pas un JSON Feed"),
        message: say(
          "The server's answer is not JSON.", "Die Antwort des Servers ist kein JSON.",
          "La réponse du serveur n’est pas du JSON."),
        recoverySuggestion: checkAddress)
    case .missingField(let field):
      return ErrorTexts(
        title: invalid,
        message: say(
          "The field \(quote(field)) is missing.", "Das Feld \(quote(field)) fehlt.",
          "Le champ \(quote(field)) manque."),
        recoverySuggestion: checkAddress)
    case .wrongType(let field) where field.isEmpty:
      return ErrorTexts(
        title: invalid,
        message: say(
          "The document is not a JSON object.", "Das Dokument ist kein JSON-Objekt.",
          "Le document n’est pas un objet JSON."),
        recoverySuggestion: checkAddress)
    case .wrongType(let field):
      return ErrorTexts(
        title: invalid,
        message: say(
          "The field \(quote(field)) holds the wrong kind of value.",
          "Das Feld \(quote(field)) hat einen falschen Werttyp.",
          "Le champ \(quote(field)) n’a pas le bon type de valeur."),
        recoverySuggestion: checkAddress)
    case .unsupportedVersion(let version):
      return ErrorTexts(
        title: say(
          "Unknown feed version", "Unbekannte Feed-Version", "Version de flux inconnue"),
        message: say(
          "The feed says it is \(quote(version)); this reader reads JSON Feed 1 and 1.1.",
          "Der Feed nennt sich \(quote(version)); dieser Leser liest JSON Feed 1 und 1.1.",
          "Le flux se dit \(quote(version))\u{A0}; ce lecteur lit JSON Feed 1 et 1.1."),
        recoverySuggestion: checkAddress)
    case .unreachable(let code):
      return ErrorTexts(
        title: say(
          "Cannot reach the server", "Der Server ist nicht erreichbar",
          "Impossible de joindre le serveur"),
        message: unreachableMessage(code),
        recoverySuggestion: say(
          "Check the address and the connection, then try again.",
          "Prüfen Sie Adresse und Verbindung und versuchen Sie es dann erneut.",
          "Vérifiez l’adresse et la connexion, puis réessayez."))
    }
  }

  /// Why the server could not be reached, by `URLError` code.
  private func unreachableMessage(_ code: URLError.Code) -> String {
    switch code {
    case .cannotConnectToHost:
      say(
        "The server refused the connection.", "Der Server lehnte die Verbindung ab.",
        "Le serveur a refusé la connexion.")
    case .cannotFindHost, .dnsLookupFailed:
      say(
        "No server has this name.", "Kein Server hat diesen Namen.",
        "Aucun serveur ne porte ce nom.")
    case .timedOut:
      say(
        "The server did not answer in time.", "Der Server antwortete nicht rechtzeitig.",
        "Le serveur n’a pas répondu à temps.")
    case .notConnectedToInternet:
      say(
        "This computer is not connected to a network.",
        "Dieser Computer ist mit keinem Netzwerk verbunden.",
        "Cet ordinateur n’est connecté à aucun réseau.")
    case .unsupportedURL:
      say(
        "The address is not an http or https address.",
        "Die Adresse ist keine http- oder https-Adresse.",
        "L’adresse n’est pas une adresse http ou https.")
    default:
      say(
        "The request failed (URLError \(code.rawValue)).",
        "Die Anfrage schlug fehl (URLError \(code.rawValue)).",
        "La requête a échoué (URLError \(code.rawValue)).")
    }
  }
}
