// The reader's texts in English ('quoted'), German („quoted“) and French (« quoted », with
// no-break spaces, `\u{A0}`, inside the guillemets and before a colon or a semicolon).
extension FeedText {
  /// The tables by language code.
  public static let tables: [String: [FeedText: String]] = [
    "en": englishTable, "de": germanTable, "fr": frenchTable,
  ]

  static let englishTable: [FeedText: String] = [
    .usage: """
    USAGE: feed-reader [--once] [--timeline [--explain]] [--stale-after SECONDS] URL

    Reads a JSON Feed (jsonfeed.org, version 1 or 1.1) over HTTP or HTTPS and lists its
    items, page after page (next_url).

    On a terminal it takes the whole screen: ↑ ↓, Page Up, Page Down, Home and End scroll,
    scrolling past the last item loads the next page, r refreshes, q or Ctrl-D quits.
    On a pipe, or with --once, it writes every page's items as lines and exits.
    While the server cannot be reached, it waits for it: the items saved by the last run
    show, marked offline, or nothing but "Waiting for the network…".

    OPTIONS:
      --once        Load every page once, write the items, exit.
      --timeline    Write one line per change of what shows, instead of the items:
                    <ms> <state> [marks] URL, the state loading, content, empty,
                    error or waiting, the marks stale, offline and refreshing.
                    Implies --once.
      --explain     End each timeline line with the reason for its state.
      --stale-after SECONDS
                    Mark the items stale once they are older than this.
      -h, --help    Show this help.

    EXIT STATUS: 0 when the feed settled or waits for the network (with --timeline, also
    as an error or waiting with no items), 1 when it failed or shows no items without
    --timeline, 2 for bad usage.

    """,
    .usageHint: "Run 'feed-reader --help' for usage.",
    .missingURL: "no feed URL given",
    .invalidURL: "'{value}' is not an http or https URL",
    .invalidStaleAfter: "--stale-after takes seconds, zero or more, not '{value}'",
    .rawModeFailed: "feed-reader: cannot switch the terminal to raw mode",
    .emptyTitle: "No items",
    .emptyMessage: "This feed has no items yet.",
    .itemOne: "{count} item",
    .itemOther: "{count} items",
    .moreBelow: " · more below",
    .keysLine: "↑↓ scroll · r refresh · q quit",
    .refreshing: " · refreshing…",
    .appendLoading: "Loading the next page…",
    .appendFailed: "Could not load the next page ({error})",
    .appendFailedLine: "Could not load the next page: {error}",
    .tryAgain: "Try again in a moment.",
    .checkAddress: "Check that the address is a JSON Feed.",
    .invalidTitle: "The feed is not valid",
    .httpStatusTitle: "The server answered {status}",
    .httpStatusMessage: "It did not send the feed (HTTP status {status}).",
    .truncatedTitle: "The feed arrived incomplete",
    .truncatedMessage: "The response stopped after {received} of {expected} bytes.",
    .truncatedEarlyMessage: "The response stopped before the end of the feed.",
    .tooLargeTitle: "The feed is too large",
    .tooLargeMessage: "The page has more than {limit} bytes, the most this reader reads.",
    .notJSONTitle: "This is not a JSON Feed",
    .notJSONMessage: "The server's answer is not JSON.",
    .missingFieldMessage: "The field '{field}' is missing.",
    .notAnObjectMessage: "The document is not a JSON object.",
    .wrongTypeMessage: "The field '{field}' holds the wrong kind of value.",
    .versionTitle: "Unknown feed version",
    .versionMessage: "The feed says it is '{version}'; this reader reads JSON Feed 1 and 1.1.",
    .unreachableTitle: "Cannot reach the server",
    .unreachableRecovery: "Check the address and the connection, then try again.",
    .connectionRefused: "The server refused the connection.",
    .noSuchHost: "No server has this name.",
    .timedOut: "The server did not answer in time.",
    .notConnected: "This computer is not connected to a network.",
    .unsupportedURL: "The address is not an http or https address.",
    .requestFailed: "The request failed (URLError {code}).",
  ]

  static let germanTable: [FeedText: String] = [
    .usage: """
    AUFRUF: feed-reader [--once] [--timeline [--explain]] [--stale-after SEKUNDEN] URL

    Liest einen JSON Feed (jsonfeed.org, Version 1 oder 1.1) über HTTP oder HTTPS und
    listet seine Einträge auf, Seite für Seite (next_url).

    Im Terminal belegt es den ganzen Bildschirm: ↑ ↓, Bild auf, Bild ab, Pos1 und Ende
    blättern, Blättern über den letzten Eintrag hinaus lädt die nächste Seite, r lädt neu,
    q oder Strg-D beendet. In einer Pipe oder mit --once schreibt es die Einträge aller
    Seiten als Zeilen und endet. Ist der Server nicht erreichbar, wartet es auf ihn: die
    beim letzten Lauf gespeicherten Einträge erscheinen als offline markiert, oder nur
    „Warte auf das Netzwerk…“.

    OPTIONEN:
      --once        Jede Seite einmal laden, die Einträge schreiben, enden.
      --timeline    Statt der Einträge eine Zeile je Änderung der Anzeige schreiben:
                    <ms> <Zustand> [Marken] URL, der Zustand loading, content, empty,
                    error oder waiting, die Marken stale, offline und refreshing.
                    Schließt --once ein.
      --explain     Jede Zeile der Zeitleiste mit dem Grund ihres Zustands beenden.
      --stale-after SEKUNDEN
                    Die Einträge als veraltet markieren, sobald sie älter sind.
      -h, --help    Diese Hilfe zeigen.

    EXIT-STATUS: 0, wenn der Feed feststeht oder auf das Netzwerk wartet (mit --timeline
    auch als Fehler oder wartend ohne Einträge), 1, wenn er ohne --timeline fehlschlug
    oder keine Einträge zeigt, 2 bei falschem Aufruf.

    """,
    .usageHint: "Aufruf: siehe „feed-reader --help“.",
    .missingURL: "keine Feed-URL angegeben",
    .invalidURL: "„{value}“ ist keine http- oder https-URL",
    .invalidStaleAfter: "--stale-after erwartet Sekunden, null oder mehr, nicht „{value}“",
    .rawModeFailed: "feed-reader: das Terminal lässt sich nicht in den Rohmodus schalten",
    .emptyTitle: "Keine Einträge",
    .emptyMessage: "Dieser Feed hat noch keine Einträge.",
    .itemOne: "{count} Eintrag",
    .itemOther: "{count} Einträge",
    .moreBelow: " · weitere unten",
    .keysLine: "↑↓ blättern · r neu laden · q beenden",
    .refreshing: " · wird neu geladen…",
    .appendLoading: "Die nächste Seite wird geladen…",
    .appendFailed: "Die nächste Seite ließ sich nicht laden ({error})",
    .appendFailedLine: "Die nächste Seite ließ sich nicht laden: {error}",
    .tryAgain: "Versuchen Sie es gleich noch einmal.",
    .checkAddress: "Prüfen Sie, ob die Adresse ein JSON Feed ist.",
    .invalidTitle: "Der Feed ist ungültig",
    .httpStatusTitle: "Der Server antwortete mit {status}",
    .httpStatusMessage: "Er schickte den Feed nicht (HTTP-Status {status}).",
    .truncatedTitle: "Der Feed kam unvollständig an",
    .truncatedMessage: "Die Antwort brach nach {received} von {expected} Bytes ab.",
    .truncatedEarlyMessage: "Die Antwort brach vor dem Ende des Feeds ab.",
    .tooLargeTitle: "Der Feed ist zu groß",
    .tooLargeMessage: "Die Seite hat mehr als {limit} Bytes, mehr als dieser Leser liest.",
    .notJSONTitle: "Das ist kein JSON Feed",
    .notJSONMessage: "Die Antwort des Servers ist kein JSON.",
    .missingFieldMessage: "Das Feld „{field}“ fehlt.",
    .notAnObjectMessage: "Das Dokument ist kein JSON-Objekt.",
    .wrongTypeMessage: "Das Feld „{field}“ hat einen falschen Werttyp.",
    .versionTitle: "Unbekannte Feed-Version",
    .versionMessage: "Der Feed nennt sich „{version}“; dieser Leser liest JSON Feed 1 und 1.1.",
    .unreachableTitle: "Der Server ist nicht erreichbar",
    .unreachableRecovery: "Prüfen Sie Adresse und Verbindung und versuchen Sie es dann erneut.",
    .connectionRefused: "Der Server lehnte die Verbindung ab.",
    .noSuchHost: "Kein Server hat diesen Namen.",
    .timedOut: "Der Server antwortete nicht rechtzeitig.",
    .notConnected: "Dieser Computer ist mit keinem Netzwerk verbunden.",
    .unsupportedURL: "Die Adresse ist keine http- oder https-Adresse.",
    .requestFailed: "Die Anfrage schlug fehl (URLError {code}).",
  ]

  static let frenchTable: [FeedText: String] = [
    .usage: """
    UTILISATION : feed-reader [--once] [--timeline [--explain]] [--stale-after SECONDES] URL

    Lit un JSON Feed (jsonfeed.org, version 1 ou 1.1) par HTTP ou HTTPS et en liste les
    éléments, page après page (next_url).

    Dans un terminal, il occupe tout l’écran : ↑ ↓, Page préc., Page suiv., Début et Fin
    font défiler, défiler après le dernier élément charge la page suivante, r actualise,
    q ou Ctrl-D quitte. Dans un tube, ou avec --once, il écrit les éléments de chaque page
    en lignes puis se termine. Tant que le serveur est injoignable, il l’attend : les
    éléments enregistrés lors de la dernière exécution s’affichent, marqués hors ligne, ou
    seulement «\u{A0}En attente du réseau…\u{A0}».

    OPTIONS :
      --once        Charger chaque page une fois, écrire les éléments, se terminer.
      --timeline    Écrire une ligne par changement de l’affichage au lieu des éléments :
                    <ms> <état> [marques] URL, l’état loading, content, empty,
                    error ou waiting, les marques stale, offline et refreshing.
                    Implique --once.
      --explain     Terminer chaque ligne de la chronologie par la raison de son état.
      --stale-after SECONDES
                    Marquer les éléments comme périmés une fois plus anciens que cela.
      -h, --help    Afficher cette aide.

    CODE DE SORTIE : 0 quand le flux est établi ou attend le réseau (avec --timeline, aussi
    en erreur ou en attente sans éléments), 1 quand il a échoué ou n’affiche aucun élément
    sans --timeline, 2 pour une mauvaise utilisation.

    """,
    .usageHint: "Voir «\u{A0}feed-reader --help\u{A0}» pour l’utilisation.",
    .missingURL: "aucune URL de flux donnée",
    .invalidURL: "«\u{A0}{value}\u{A0}» n’est pas une URL http ou https",
    .invalidStaleAfter:
      "--stale-after attend des secondes, zéro ou plus, et non «\u{A0}{value}\u{A0}»",
    .rawModeFailed: "feed-reader : impossible de passer le terminal en mode brut",
    .emptyTitle: "Aucun élément",
    .emptyMessage: "Ce flux n’a encore aucun élément.",
    .itemOne: "{count} élément",
    .itemOther: "{count} éléments",
    .moreBelow: " · suite plus bas",
    .keysLine: "↑↓ défiler · r actualiser · q quitter",
    .refreshing: " · actualisation…",
    .appendLoading: "Chargement de la page suivante…",
    .appendFailed: "Impossible de charger la page suivante ({error})",
    .appendFailedLine: "Impossible de charger la page suivante\u{A0}: {error}",
    .tryAgain: "Réessayez dans un instant.",
    .checkAddress: "Vérifiez que l’adresse est un JSON Feed.",
    .invalidTitle: "Le flux n’est pas valide",
    .httpStatusTitle: "Le serveur a répondu {status}",
    .httpStatusMessage: "Il n’a pas envoyé le flux (statut HTTP {status}).",
    .truncatedTitle: "Le flux est arrivé incomplet",
    .truncatedMessage: "La réponse s’est arrêtée après {received} octets sur {expected}.",
    .truncatedEarlyMessage: "La réponse s’est arrêtée avant la fin du flux.",
    .tooLargeTitle: "Le flux est trop grand",
    .tooLargeMessage: "La page a plus de {limit} octets, le maximum que ce lecteur lit.",
    .notJSONTitle: "Ce n’est pas un JSON Feed",
    .notJSONMessage: "La réponse du serveur n’est pas du JSON.",
    .missingFieldMessage: "Le champ «\u{A0}{field}\u{A0}» manque.",
    .notAnObjectMessage: "Le document n’est pas un objet JSON.",
    .wrongTypeMessage: "Le champ «\u{A0}{field}\u{A0}» n’a pas le bon type de valeur.",
    .versionTitle: "Version de flux inconnue",
    .versionMessage:
      "Le flux se dit «\u{A0}{version}\u{A0}»\u{A0}; ce lecteur lit JSON Feed 1 et 1.1.",
    .unreachableTitle: "Impossible de joindre le serveur",
    .unreachableRecovery: "Vérifiez l’adresse et la connexion, puis réessayez.",
    .connectionRefused: "Le serveur a refusé la connexion.",
    .noSuchHost: "Aucun serveur ne porte ce nom.",
    .timedOut: "Le serveur n’a pas répondu à temps.",
    .notConnected: "Cet ordinateur n’est connecté à aucun réseau.",
    .unsupportedURL: "L’adresse n’est pas une adresse http ou https.",
    .requestFailed: "La requête a échoué (URLError {code}).",
  ]
}
