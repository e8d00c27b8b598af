import Foundation
import StatefulContent
import StatefulContentTerminal

/// The reader's own texts — help, usage errors, error placeholders, the screen's lines — in
/// English, German or French.
///
/// The language is the one the library picks for its own placeholders
/// (`PlaceholderStrings.language(environment:)`); any other language is English. Each text is
/// a method that says it in the three languages side by side, so that a text cannot exist in
/// one language only. `--timeline` stays English: its words are for scripts.
///
/// ```swift
/// FeedStrings(language: "de").texts(for: .httpStatus(500)).title
/// // "Der Server antwortete mit 500"
/// ```
public struct FeedStrings: Hashable, Sendable {
  /// The language code: `en`, `de` or `fr`.
  public let language: String

  /// The texts of a language; English for a language the reader does not speak.
  ///
  /// - Parameter language: A language code, such as `fr`.
  public init(language: String) {
    self.language = Self.languages.contains(language) ? language : "en"
  }

  /// The languages the reader speaks.
  public static let languages = ["en", "de", "fr"]
  /// The texts in English.
  public static let english = FeedStrings(language: "en")
  /// The texts in the language of this process's environment.
  public static let current = FeedStrings(
    language: PlaceholderStrings.language(environment: ProcessInfo.processInfo.environment))

  /// The library's built-in texts (Retry, Loading…) in the same language, for the machine.
  public var placeholderStrings: PlaceholderStrings {
    PlaceholderStrings.builtIn(language: language) ?? .english
  }

  /// The text in this language, given the three.
  func say(_ english: String, _ german: String, _ french: String) -> String {
    switch language {
    case "de": german
    case "fr": french
    default: english
    }
  }

  /// A value quoted the way the language quotes: 'x', „x“, « x ».
  func quote(_ value: String) -> String {
    say("'\(value)'", "„\(value)“", "«\u{A0}\(value)\u{A0}»")
  }

  // MARK: Command line

  /// The help of `--help`, ending with a line feed.
  public var usage: String {
    say(
      """
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
      """
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
      """
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

      """)
  }

  /// The line under a usage error, without a line feed.
  public var usageHint: String {
    say(
      "Run 'feed-reader --help' for usage.", "Aufruf: siehe „feed-reader --help“.",
      "Voir «\u{A0}feed-reader --help\u{A0}» pour l’utilisation.")
  }

  /// A usage error, without the tool's name.
  ///
  /// - Parameter error: What is wrong with the command line.
  /// - Returns: The sentence, such as `no feed URL given`.
  public func text(for error: FeedCommand.UsageError) -> String {
    switch error {
    case .commandLine(let error): error.description(language: language)
    case .missingURL:
      say("no feed URL given", "keine Feed-URL angegeben", "aucune URL de flux donnée")
    case .invalidURL(let value):
      say(
        "\(quote(value)) is not an http or https URL",
        "\(quote(value)) ist keine http- oder https-URL",
        "\(quote(value)) n’est pas une URL http ou https")
    case .invalidStaleAfter(let value):
      say(
        "--stale-after takes seconds, zero or more, not \(quote(value))",
        "--stale-after erwartet Sekunden, null oder mehr, nicht \(quote(value))",
        "--stale-after attend des secondes, zéro ou plus, et non \(quote(value))")
    }
  }

  /// The note when the terminal does not switch to raw mode, without a line feed.
  public var rawModeFailed: String {
    say(
      "feed-reader: cannot switch the terminal to raw mode",
      "feed-reader: das Terminal lässt sich nicht in den Rohmodus schalten",
      "feed-reader : impossible de passer le terminal en mode brut")
  }
}
