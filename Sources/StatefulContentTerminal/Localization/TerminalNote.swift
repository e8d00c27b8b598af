/// The texts the product writes itself — usage errors, notes on standard error, the
/// presenter's marks, the words of a list and a number — in English, German and French.
///
/// ``CommandLineError``, ``ToolAnnouncers``, ``InterruptController`` and
/// ``TerminalPresenter/Texts`` say them through a ``ToolStrings``, as a tool says its own.
/// French puts a no-break space (`\u{A0}`) inside its guillemets and before a colon or a
/// semicolon.
enum TerminalNote: String, ToolStringKey {
  /// A usage error: "unknown option '{argument}'".
  case unknownOption
  /// A usage error: "option '{option}' needs a value".
  case missingValue
  /// A usage error: "unexpected argument '{argument}'".
  case unexpectedOperand
  /// A usage error: "the argument '{argument}' is not valid UTF-8; …".
  case notUTF8
  /// A usage error: "--explain needs --timeline, whose lines it explains".
  case explainNeedsTimeline
  /// "{tool}: --speak: espeak-ng was not found on PATH, …".
  case missingSpeech
  /// "{tool}: cannot write to standard output: {reason}".
  case unwritableOutput
  /// The presenter's mark of a refresh: " · refreshing…".
  case refreshing
  /// A refresh's progress after its mark: " {percent}%".
  case percent
  /// " · '{shown}' shown, loading '{loading}'…".
  case previousKey
  /// "Loading '{loading}'… (the results above are for '{shown}')".
  case previousKeyLine
  /// "Loading more…".
  case appendLoading
  /// "Could not load more ({error})".
  case appendFailed
  /// "Could not load more: {error}".
  case appendFailedLine
  /// The word between the last two names of a list: " and ".
  case listAnd
  /// The decimal separator: ".".
  case decimalSeparator

  static let tables: [String: [TerminalNote: String]] = ["en": english, "de": german, "fr": french]

  private static let english: [TerminalNote: String] = [
    .unknownOption: "unknown option '{argument}'",
    .missingValue: "option '{option}' needs a value",
    .unexpectedOperand: "unexpected argument '{argument}'",
    .notUTF8: "the argument '{argument}' is not valid UTF-8; rename the file with a UTF-8 name",
    .explainNeedsTimeline: "--explain needs --timeline, whose lines it explains",
    .missingSpeech:
      "{tool}: --speak: espeak-ng was not found on PATH, so nothing is spoken; install it to hear the announcements (apt-get install espeak-ng).",
    .unwritableOutput: "{tool}: cannot write to standard output: {reason}",
    .refreshing: " · refreshing…",
    .percent: " {percent}%",
    .previousKey: " · '{shown}' shown, loading '{loading}'…",
    .previousKeyLine: "Loading '{loading}'… (the results above are for '{shown}')",
    .appendLoading: "Loading more…",
    .appendFailed: "Could not load more ({error})",
    .appendFailedLine: "Could not load more: {error}",
    .listAnd: " and ",
    .decimalSeparator: ".",
  ]

  private static let german: [TerminalNote: String] = [
    .unknownOption: "unbekannte Option „{argument}“",
    .missingValue: "die Option „{option}“ braucht einen Wert",
    .unexpectedOperand: "unerwartetes Argument „{argument}“",
    .notUTF8:
      "das Argument „{argument}“ ist kein gültiges UTF-8; benennen Sie die Datei mit einem UTF-8-Namen um",
    .explainNeedsTimeline: "--explain braucht --timeline, dessen Zeilen es erklärt",
    .missingSpeech:
      "{tool}: --speak: espeak-ng wurde nicht im PATH gefunden, daher wird nichts gesprochen; installieren Sie es, um die Ansagen zu hören (apt-get install espeak-ng).",
    .unwritableOutput: "{tool}: die Standardausgabe kann nicht geschrieben werden: {reason}",
    .refreshing: " · wird aktualisiert…",
    .percent: " {percent}\u{A0}%",
    .previousKey: " · „{shown}“ angezeigt, „{loading}“ wird geladen…",
    .previousKeyLine: "„{loading}“ wird geladen… (die Ergebnisse oben gelten für „{shown}“)",
    .appendLoading: "Weitere werden geladen…",
    .appendFailed: "Weitere ließen sich nicht laden ({error})",
    .appendFailedLine: "Weitere ließen sich nicht laden: {error}",
    .listAnd: " und ",
    .decimalSeparator: ",",
  ]

  private static let french: [TerminalNote: String] = [
    .unknownOption: "option inconnue «\u{A0}{argument}\u{A0}»",
    .missingValue: "l’option «\u{A0}{option}\u{A0}» demande une valeur",
    .unexpectedOperand: "argument inattendu «\u{A0}{argument}\u{A0}»",
    .notUTF8:
      "l’argument «\u{A0}{argument}\u{A0}» n’est pas de l’UTF-8 valide\u{A0}; renommez le fichier avec un nom en UTF-8",
    .explainNeedsTimeline: "--explain demande --timeline, dont il explique les lignes",
    .missingSpeech:
      "{tool}\u{A0}: --speak\u{A0}: espeak-ng est introuvable dans le PATH, rien ne sera dit\u{A0}; installez-le pour entendre les annonces (apt-get install espeak-ng).",
    .unwritableOutput: "{tool}\u{A0}: impossible d’écrire sur la sortie standard\u{A0}: {reason}",
    .refreshing: " · actualisation…",
    .percent: " {percent}\u{A0}%",
    .previousKey: " · «\u{A0}{shown}\u{A0}» affiché, chargement de «\u{A0}{loading}\u{A0}»…",
    .previousKeyLine:
      "Chargement de «\u{A0}{loading}\u{A0}»… (les résultats ci-dessus sont pour «\u{A0}{shown}\u{A0}»)",
    .appendLoading: "Chargement de la suite…",
    .appendFailed: "Impossible de charger la suite ({error})",
    .appendFailedLine: "Impossible de charger la suite\u{A0}: {error}",
    .listAnd: " et ",
    .decimalSeparator: ",",
  ]
}
