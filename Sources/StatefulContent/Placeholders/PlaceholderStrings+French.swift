extension PlaceholderStrings {
  /// The texts in French (`fr`), with guillemets and no-break spaces: « swi », and the
  /// singular for 0 and 1 ("0 tentative").
  public static let french = PlaceholderStrings(
    language: "fr",
    loading: "Chargement…",
    empty: "Aucun contenu",
    error: "Un problème est survenu",
    locked: "Verrouillé",
    lockedMessage: "Saisissez le mot de passe pour ouvrir ce document.",
    retry: "Réessayer",
    unlock: "Déverrouiller",
    contentShown: "Contenu chargé.",
    retrying: "Nouvelle tentative (essai {count})…",
    incorrectCredential: CountedText(
      one: "Mot de passe incorrect ({count} tentative).",
      other: "Mot de passe incorrect ({count} tentatives)."),
    noResults: "Aucun résultat pour «\u{A0}{key}\u{A0}».",
    noResultsTitle: "Aucun résultat",
    results: CountedText(one: "{count} résultat", other: "{count} résultats"),
    attemptLimit: CountedText(
      one: "Trop de mots de passe incorrects ({count} tentative).",
      other: "Trop de mots de passe incorrects ({count} tentatives)."),
    attemptLimitRecovery: "Rouvrez le document pour réessayer.",
    redacted: "Détails masqués pour protéger le mot de passe.",
    updated: AgeText(
      justNow: "Mis à jour à l’instant",
      minutes: CountedText(
        one: "Mis à jour il y a {count}\u{A0}minute",
        other: "Mis à jour il y a {count}\u{A0}minutes"),
      hours: CountedText(
        one: "Mis à jour il y a {count}\u{A0}heure", other: "Mis à jour il y a {count}\u{A0}heures"),
      days: CountedText(
        one: "Mis à jour il y a {count}\u{A0}jour", other: "Mis à jour il y a {count}\u{A0}jours")),
    waiting: "En attente du réseau…",
    waitingMessage: "Le contenu se chargera dès le retour de la connexion.",
    offline: "Hors ligne",
    stale: "Pas à jour")
}
