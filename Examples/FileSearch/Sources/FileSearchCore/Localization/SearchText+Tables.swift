// The search's texts in English ('quoted'), German („quoted“) and French (« quoted », with
// no-break spaces, `\u{A0}`, inside the guillemets and before a colon or a semicolon).
extension SearchText {
  /// The tables by language code.
  public static let tables: [String: [SearchText: String]] = [
    "en": englishTable, "de": germanTable, "fr": frenchTable,
  ]

  static let englishTable: [SearchText: String] = [
    .usage: """
    USAGE: file-search [--queries LIST] [--timeline [--explain]] [--speak]
                       [--announce] [--page-size N] [--hidden] DIR

    Searches the files in DIR by name and by contents as you type. Each keystroke
    starts a new search that replaces the one before; its matches stay, dimmed,
    until the new search finds its first. Matches appear as they are found, a
    page at a time (scroll down for the next page). Binary files (a NUL
    byte in their first 8 KiB) and files over 1 MiB are matched by name only;
    symbolic links are followed, but no folder is entered twice.

    On a terminal, type the query; Up, Down, PgUp and PgDn scroll, Ctrl-R retries
    a page that failed or else searches again, Ctrl-D quits. Otherwise each line
    of standard input is a query, typed as soon as it is read; after the last
    one, every page of its matches is printed. A line over 4096 bytes is skipped
    with a note; after 16 MiB without a line feed, standard input is no longer
    read.

    OPTIONS:
      --queries LIST   Type these comma-separated queries, in order, instead of
                       reading standard input.
      --timeline       Print one line per change of state, "<milliseconds>
                       <query> <state>", instead of the matches; the state is
                       the line's last word: loading, content, empty, error,
                       idle, or previous while the query searches with the
                       previous query's matches still shown. Needs --queries or
                       queries on standard input. Always in English.
      --explain        With --timeline, add "because" and the reason for the
                       state after it, from the rule that decided it: "12 swi
                       content because rule 2: has content (3 items)". In
                       English too.
      --speak          Speak the search's outcomes through espeak-ng, in the
                       language of the messages; a newer announcement stops
                       one still being spoken. Without espeak-ng, says so and
                       goes on silently.
      --announce       Write what would be spoken to standard error, one line
                       per announcement: "announce: <text>".
      --page-size N    Show N matches a page (1 to 100000; default 50).
      --hidden         Search names that start with '.' too.
      -h, --help       Show this message and exit.
      --               Treat the next argument as DIR.

    Messages are in English, German or French, as LC_ALL, LC_MESSAGES or LANG say,
    with GNU LANGUAGE first when it is set.

    Ctrl-C cancels the running search, which brings back what it replaced (its
    own matches found so far stay), or the page being loaded; a second Ctrl-C,
    or one while nothing runs, quits with status 130.

    The exit status is 0 whatever the search finds, 1 when the terminal cannot
    be set up, 2 for bad usage, 130 after Ctrl-C, 143 after SIGTERM and 129
    after SIGHUP.

    """,
    .usageHint: "Run 'file-search --help' for usage.",
    .invalidPageSize: "invalid page size '{value}': expected a whole number from 1 to {maximum}",
    .missingFolder: "no folder to search",
    .unexpectedArgument: "unexpected argument '{argument}': give one folder",
    .timelineNeedsQueries:
      "--timeline needs --queries or queries on standard input, not a terminal",
    .interruptNote: "file-search: cancelled; press Ctrl-C again to quit.",
    .rawModeFailed: "file-search: cannot switch the terminal to raw mode",
    .searching: "Searching for '{query}'…",
    .noMatches: "No matches for '{query}'",
    .cannotSearch: "Cannot search '{folder}'",
    .searched: "Searched {files}",
    .fileOne: "{count} file",
    .fileOther: "{count} files",
    .byNameOnly: " ({count} by name only)",
    .unreadableFolders: "; {folders} could not be read",
    .folderOne: "{count} folder",
    .folderOther: "{count} folders",
    .unreadableEntries: "; {entries} could not be read",
    .entryOne: "{count} entry",
    .entryOther: "{count} entries",
    .folderNotFound: "no folder at '{path}'",
    .notAFolder: "'{path}' is not a folder",
    .folderUnreadable: "cannot read '{path}': {reason}",
    .keysLine: "↑↓ PgUp PgDn scroll · Ctrl-R retry · Ctrl-C cancel, twice quit · Ctrl-D quit",
    .prompt: "Search {folder}: ",
    .typeToSearch: "Type to search the names and contents of the files.",
    .searchCancelledStatus: "search for '{query}' cancelled: Ctrl-R searches again",
    .matchOne: "{count} match",
    .matchOther: "{count} matches",
    .statusPrevious: " for '{previous}' · searching '{query}'…",
    .statusSearching: " · searching…",
    .statusFor: " for '{query}' · ",
    .statusSearchFailed: " · could not search again ({error}): Ctrl-R retries",
    .statusMore: " · scroll down for more",
    .loadingMore: "Loading more matches…",
    .moreFailedFooter: "Could not load more matches ({error}) [Retry: Ctrl-R]",
    .moreFailedLine: "Could not load more matches: {error}",
    .searchingWithPrevious: "Searching for '{query}'… (the matches above are for '{previous}')",
    .searchCancelledLine: "Search for '{query}' cancelled.",
    .queryLineSkipped:
      "file-search: line {line} of standard input is longer than {limit} bytes; it is skipped, "
      + "not searched.",
    .standardInputNotLines:
      "file-search: standard input has no line feed in over 16 MiB, so it holds no queries; "
      + "stopped reading it.",
  ]

  static let germanTable: [SearchText: String] = [
    .usage: """
    AUFRUF: file-search [--queries LISTE] [--timeline [--explain]] [--speak]
                        [--announce] [--page-size N] [--hidden] ORDNER

    Durchsucht die Dateien in ORDNER beim Tippen nach Name und Inhalt. Jeder
    Tastendruck startet eine neue Suche, die die vorige ersetzt; deren Treffer
    bleiben gedimmt stehen, bis die neue Suche ihren ersten findet. Treffer
    erscheinen, sobald sie gefunden sind, seitenweise (nach unten blättern für die
    nächste Seite). Binärdateien (ein NUL-Byte in den ersten 8 KiB) und Dateien
    über 1 MiB werden nur nach dem Namen gefunden; symbolischen Links wird gefolgt,
    aber kein Ordner wird zweimal betreten.

    Im Terminal die Suche tippen; Hoch, Runter, Bild-auf und Bild-ab blättern,
    Strg-R wiederholt eine fehlgeschlagene Seite oder sonst die Suche, Strg-D
    beendet. Sonst ist jede Zeile der Standardeingabe eine Suche, getippt, sobald
    sie gelesen ist; nach der letzten wird jede Seite ihrer Treffer ausgegeben.
    Eine Zeile über 4096 Bytes wird mit einem Hinweis übersprungen; nach 16 MiB
    ohne Zeilenumbruch wird die Standardeingabe nicht weiter gelesen.

    OPTIONEN:
      --queries LISTE  Diese durch Kommas getrennten Suchen der Reihe nach tippen,
                       statt die Standardeingabe zu lesen.
      --timeline       Statt der Treffer eine Zeile je Zustandswechsel ausgeben,
                       „<Millisekunden> <Suche> <Zustand>“; der Zustand ist das
                       letzte Wort: loading, content, empty, error, idle oder
                       previous, solange die Suche mit den Treffern der vorigen
                       läuft. Braucht --queries oder Suchen auf der
                       Standardeingabe. Immer englisch.
      --explain        Mit --timeline hinter dem Zustand „because“ und den Grund
                       für ihn anfügen, nach der Regel, die ihn bestimmt hat:
                       „12 swi content because rule 2: has content (3 items)“.
                       Ebenfalls englisch.
      --speak          Die Ergebnisse der Suche mit espeak-ng in der Sprache der
                       Meldungen sprechen; eine neuere Ansage bricht eine noch
                       laufende ab. Ohne espeak-ng sagt das Programm das und
                       macht stumm weiter.
      --announce       Was gesprochen würde, auf die Standardfehlerausgabe
                       schreiben, eine Zeile je Ansage: „announce: <Text>“.
      --page-size N    N Treffer je Seite zeigen (1 bis 100000; Standard 50).
      --hidden         Auch Namen durchsuchen, die mit „.“ beginnen.
      -h, --help       Diese Hilfe zeigen und beenden.
      --               Das nächste Argument als ORDNER nehmen.

    Die Meldungen sind englisch, deutsch oder französisch, wie LC_ALL, LC_MESSAGES
    oder LANG es sagen, zuerst aber GNU LANGUAGE, wenn es gesetzt ist.

    Strg-C bricht die laufende Suche ab, was zurückbringt, was sie ersetzt hat
    (ihre bis dahin gefundenen Treffer bleiben), oder die Seite, die gerade lädt;
    ein zweites Strg-C, oder eines, während nichts läuft, beendet mit Status 130.

    Der Exit-Status ist 0, was die Suche auch findet, 1, wenn das Terminal nicht
    eingerichtet werden kann, 2 bei falschem Aufruf, 130 nach Strg-C, 143 nach
    SIGTERM und 129 nach SIGHUP.

    """,
    .usageHint: "Hilfe mit „file-search --help“.",
    .invalidPageSize:
      "ungültige Seitengröße „{value}“: erwartet ist eine ganze Zahl von 1 bis {maximum}",
    .missingFolder: "kein Ordner zum Durchsuchen",
    .unexpectedArgument: "unerwartetes Argument „{argument}“: geben Sie einen Ordner an",
    .timelineNeedsQueries:
      "--timeline braucht --queries oder Suchen auf der Standardeingabe, nicht ein Terminal",
    .interruptNote: "file-search: abgebrochen; zum Beenden noch einmal Strg-C drücken.",
    .rawModeFailed: "file-search: das Terminal kann nicht in den Rohmodus geschaltet werden",
    .searching: "Suche nach „{query}“…",
    .noMatches: "Keine Treffer für „{query}“",
    .cannotSearch: "„{folder}“ kann nicht durchsucht werden",
    .searched: "{files} durchsucht",
    .fileOne: "{count} Datei",
    .fileOther: "{count} Dateien",
    .byNameOnly: " ({count} nur nach Namen)",
    .unreadableFolders: "; {folders} nicht lesbar",
    .folderOne: "{count} Ordner",
    .folderOther: "{count} Ordner",
    .unreadableEntries: "; {entries} nicht lesbar",
    .entryOne: "{count} Eintrag",
    .entryOther: "{count} Einträge",
    .folderNotFound: "kein Ordner unter „{path}“",
    .notAFolder: "„{path}“ ist kein Ordner",
    .folderUnreadable: "„{path}“ kann nicht gelesen werden: {reason}",
    .keysLine:
      "↑↓ Bild↑ Bild↓ blättern · Strg-R wiederholen · Strg-C abbrechen, zweimal beenden · "
      + "Strg-D beenden",
    .prompt: "Suche in {folder}: ",
    .typeToSearch: "Tippen, um Namen und Inhalte der Dateien zu durchsuchen.",
    .searchCancelledStatus: "Suche nach „{query}“ abgebrochen: Strg-R sucht erneut",
    .matchOne: "{count} Treffer",
    .matchOther: "{count} Treffer",
    .statusPrevious: " für „{previous}“ · suche „{query}“…",
    .statusSearching: " · suche…",
    .statusFor: " für „{query}“ · ",
    .statusSearchFailed: " · erneute Suche fehlgeschlagen ({error}): Strg-R wiederholt",
    .statusMore: " · nach unten blättern für mehr",
    .loadingMore: "Lade weitere Treffer…",
    .moreFailedFooter: "Weitere Treffer nicht ladbar ({error}) [Erneut versuchen: Strg-R]",
    .moreFailedLine: "Weitere Treffer nicht ladbar: {error}",
    .searchingWithPrevious: "Suche nach „{query}“… (die Treffer oben sind für „{previous}“)",
    .searchCancelledLine: "Suche nach „{query}“ abgebrochen.",
    .queryLineSkipped:
      "file-search: Zeile {line} der Standardeingabe ist länger als {limit} Bytes; sie wird "
      + "übersprungen, nicht gesucht.",
    .standardInputNotLines:
      "file-search: die Standardeingabe hat über 16 MiB keinen Zeilenumbruch, enthält also keine "
      + "Suchen; sie wird nicht weiter gelesen.",
  ]

  static let frenchTable: [SearchText: String] = [
    .usage: """
    UTILISATION\u{A0}: file-search [--queries LISTE] [--timeline [--explain]] [--speak]
                               [--announce] [--page-size N] [--hidden] DOSSIER

    Cherche dans les fichiers de DOSSIER, par nom et par contenu, pendant la
    frappe. Chaque touche lance une nouvelle recherche qui remplace la précédente\u{A0};
    ses résultats restent, estompés, jusqu’à ce que la nouvelle trouve le premier.
    Les résultats apparaissent dès qu’ils sont trouvés, page par page (descendre
    pour la page suivante). Les fichiers binaires (un octet NUL dans leurs 8 premiers
    Kio) et ceux de plus de 1 Mio ne sont trouvés que par leur nom\u{A0}; les liens
    symboliques sont suivis, mais aucun dossier n’est visité deux fois.

    Dans un terminal, tapez la recherche\u{A0}; Haut, Bas, PgPréc et PgSuiv font défiler,
    Ctrl-R relance une page en échec ou sinon la recherche, Ctrl-D quitte. Sinon,
    chaque ligne de l’entrée standard est une recherche, tapée dès qu’elle est lue\u{A0};
    après la dernière, chaque page de ses résultats est écrite. Une ligne de plus
    de 4096\u{A0}octets est ignorée avec un avertissement\u{A0}; après 16\u{A0}Mio sans saut
    de ligne, l’entrée standard n’est plus lue.

    OPTIONS\u{A0}:
      --queries LISTE  Taper ces recherches séparées par des virgules, dans
                       l’ordre, au lieu de lire l’entrée standard.
      --timeline       Écrire une ligne par changement d’état, «\u{A0}<millisecondes>
                       <recherche> <état>\u{A0}», au lieu des résultats\u{A0}; l’état est
                       le dernier mot\u{A0}: loading, content, empty, error, idle, ou
                       previous pendant que la recherche garde les résultats de
                       la précédente. Demande --queries ou des recherches sur
                       l’entrée standard. Toujours en anglais.
      --explain        Avec --timeline, ajouter après l’état «\u{A0}because\u{A0}» et
                       la raison de cet état, selon la règle qui l’a décidé\u{A0}:
                       «\u{A0}12 swi content because rule 2: has content (3
                       items)\u{A0}». En anglais aussi.
      --speak          Dire les résultats de la recherche avec espeak-ng, dans
                       la langue des messages\u{A0}; une annonce plus récente
                       interrompt celle en cours. Sans espeak-ng, le programme
                       le signale et continue sans parole.
      --announce       Écrire sur la sortie d’erreur ce qui serait dit, une ligne
                       par annonce\u{A0}: «\u{A0}announce: <texte>\u{A0}».
      --page-size N    Afficher N résultats par page (1 à 100000\u{A0}; 50 par défaut).
      --hidden         Chercher aussi les noms qui commencent par «\u{A0}.\u{A0}».
      -h, --help       Afficher ce message et quitter.
      --               Traiter l’argument suivant comme DOSSIER.

    Les messages sont en anglais, en allemand ou en français, selon LC_ALL,
    LC_MESSAGES ou LANG, et d’abord selon LANGUAGE (GNU) s’il est défini.

    Ctrl-C annule la recherche en cours, ce qui ramène ce qu’elle remplaçait (ses
    propres résultats déjà trouvés restent), ou la page en chargement\u{A0}; un second
    Ctrl-C, ou un Ctrl-C quand rien ne tourne, quitte avec le statut 130.

    Le statut de sortie est 0 quoi que la recherche trouve, 1 quand le terminal ne
    peut être préparé, 2 pour un mauvais usage, 130 après Ctrl-C, 143 après SIGTERM
    et 129 après SIGHUP.

    """,
    .usageHint: "Lancez «\u{A0}file-search --help\u{A0}» pour l’aide.",
    .invalidPageSize:
      "taille de page invalide «\u{A0}{value}\u{A0}»\u{A0}: un nombre entier de 1 à {maximum} "
      + "est attendu",
    .missingFolder: "aucun dossier où chercher",
    .unexpectedArgument:
      "argument inattendu «\u{A0}{argument}\u{A0}»\u{A0}: donnez un seul dossier",
    .timelineNeedsQueries:
      "--timeline demande --queries ou des recherches sur l’entrée standard, pas un terminal",
    .interruptNote: "file-search\u{A0}: annulé\u{A0}; appuyez de nouveau sur Ctrl-C pour quitter.",
    .rawModeFailed: "file-search\u{A0}: impossible de passer le terminal en mode brut",
    .searching: "Recherche de «\u{A0}{query}\u{A0}»…",
    .noMatches: "Aucun résultat pour «\u{A0}{query}\u{A0}»",
    .cannotSearch: "Impossible de chercher dans «\u{A0}{folder}\u{A0}»",
    .searched: "{files}",
    .fileOne: "{count} fichier parcouru",
    .fileOther: "{count} fichiers parcourus",
    .byNameOnly: " ({count} par nom seulement)",
    .unreadableFolders: "\u{A0}; {folders} illisibles",
    .folderOne: "{count} dossier",
    .folderOther: "{count} dossiers",
    .unreadableEntries: "\u{A0}; {entries}",
    .entryOne: "{count} entrée illisible",
    .entryOther: "{count} entrées illisibles",
    .folderNotFound: "aucun dossier à «\u{A0}{path}\u{A0}»",
    .notAFolder: "«\u{A0}{path}\u{A0}» n’est pas un dossier",
    .folderUnreadable: "impossible de lire «\u{A0}{path}\u{A0}»\u{A0}: {reason}",
    .keysLine:
      "↑↓ PgPréc PgSuiv défiler · Ctrl-R réessayer · Ctrl-C annuler, deux fois quitter · "
      + "Ctrl-D quitter",
    .prompt: "Chercher dans {folder}\u{A0}: ",
    .typeToSearch: "Tapez pour chercher dans les noms et le contenu des fichiers.",
    .searchCancelledStatus:
      "recherche de «\u{A0}{query}\u{A0}» annulée\u{A0}: Ctrl-R cherche de nouveau",
    .matchOne: "{count} résultat",
    .matchOther: "{count} résultats",
    .statusPrevious: " pour «\u{A0}{previous}\u{A0}» · recherche de «\u{A0}{query}\u{A0}»…",
    .statusSearching: " · recherche…",
    .statusFor: " pour «\u{A0}{query}\u{A0}» · ",
    .statusSearchFailed: " · nouvelle recherche impossible ({error})\u{A0}: Ctrl-R réessaie",
    .statusMore: " · descendez pour la suite",
    .loadingMore: "Chargement d’autres résultats…",
    .moreFailedFooter:
      "Impossible de charger d’autres résultats ({error}) [Réessayer\u{A0}: Ctrl-R]",
    .moreFailedLine: "Impossible de charger d’autres résultats\u{A0}: {error}",
    .searchingWithPrevious:
      "Recherche de «\u{A0}{query}\u{A0}»… (les résultats ci-dessus sont pour "
      + "«\u{A0}{previous}\u{A0}»)",
    .searchCancelledLine: "Recherche de «\u{A0}{query}\u{A0}» annulée.",
    .queryLineSkipped:
      "file-search\u{A0}: la ligne {line} de l’entrée standard dépasse {limit}\u{A0}octets\u{A0}; "
      + "elle est ignorée, pas cherchée.",
    .standardInputNotLines:
      "file-search\u{A0}: l’entrée standard n’a aucun saut de ligne sur plus de 16\u{A0}Mio, elle "
      + "ne contient donc pas de recherches\u{A0}; sa lecture s’arrête.",
  ]
}
