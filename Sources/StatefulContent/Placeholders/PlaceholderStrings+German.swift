extension PlaceholderStrings {
  /// The texts in German (`de`), with German quotation marks: „swi“.
  public static let german = PlaceholderStrings(
    language: "de",
    loading: "Wird geladen…",
    empty: "Kein Inhalt",
    error: "Etwas ist schiefgelaufen",
    locked: "Gesperrt",
    lockedMessage: "Passwort eingeben, um dieses Dokument zu öffnen.",
    retry: "Erneut versuchen",
    unlock: "Entsperren",
    contentShown: "Inhalt geladen.",
    retrying: "Neuer Versuch (Versuch {count})…",
    incorrectCredential: CountedText(
      one: "Falsches Passwort ({count} Versuch).",
      other: "Falsches Passwort ({count} Versuche)."),
    noResults: "Keine Ergebnisse für „{key}“.",
    noResultsTitle: "Keine Ergebnisse",
    results: CountedText(one: "{count} Ergebnis", other: "{count} Ergebnisse"),
    attemptLimit: CountedText(
      one: "Zu viele falsche Passwörter ({count} Versuch).",
      other: "Zu viele falsche Passwörter ({count} Versuche)."),
    attemptLimitRecovery: "Dokument erneut öffnen, um es noch einmal zu versuchen.",
    redacted: "Details ausgeblendet, um das Passwort zu schützen.",
    updated: AgeText(
      justNow: "Gerade aktualisiert",
      minutes: CountedText(
        one: "Vor {count} Minute aktualisiert", other: "Vor {count} Minuten aktualisiert"),
      hours: CountedText(
        one: "Vor {count} Stunde aktualisiert", other: "Vor {count} Stunden aktualisiert"),
      days: CountedText(
        one: "Vor {count} Tag aktualisiert", other: "Vor {count} Tagen aktualisiert")
    ),
    waiting: "Warte auf das Netzwerk…",
    waitingMessage: "Der Inhalt wird geladen, sobald die Verbindung wieder da ist.",
    offline: "Offline",
    stale: "Nicht aktuell")
}
