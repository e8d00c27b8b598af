// The viewer's texts in French, quoted « ainsi », with a no-break space (U+00A0, written
// `\u{A0}`) inside the guillemets and before a colon or a semicolon.
extension ViewerText {
  /// The French templates.
  static let frenchTable: [ViewerText: String] = [
    .usage: """
    UTILISATION\u{A0}: document-viewer [--timeline [--explain]] [--speak] [--announce]
                                 [--delay MS] [--password-file FICHIER]
                                 [--remember | --remember-for SECONDES] [CHEMIN ...]
                   document-viewer --forget FICHIER

    Ouvre des fichiers texte, des dossiers et des PDF et affiche leur premier écran,
    ou un espace réservé qui dit pourquoi il n’y en a pas\u{A0}: chargement, vide,
    erreur (avec l’action «\u{A0}Réessayer\u{A0}») ou verrouillé (un PDF protégé par
    mot de passe, jusqu’à ce que le bon mot de passe soit donné). Le premier écran
    d’un fichier texte ou du texte d’un PDF s’affiche dès qu’il est lu\u{A0}; la suite
    est lue en dessous, avec une barre de progression pour les gros fichiers. Sans
    CHEMIN, présente des documents d’exemple générés qui montrent chaque état.

    Les PDF sont lus avec pdftotext (paquet poppler-utils) et qpdf (paquet qpdf).

    OPTIONS\u{A0}:
      --timeline            Écrire une ligne par changement d’état,
                            «\u{A0}<millisecondes> <état> <document>\u{A0}», au lieu
                            d’afficher les documents\u{A0}; le document est le CHEMIN
                            tel quel (le nom de l’exemple dans la visite). Un PDF
                            verrouillé ouvert avec un mot de passe donne
                            «\u{A0}loading\u{A0}», «\u{A0}locked\u{A0}», puis «\u{A0}loading\u{A0}» et
                            «\u{A0}content\u{A0}» (ou de nouveau «\u{A0}locked\u{A0}» pour un
                            mauvais mot de passe). Les lignes sont en anglais
                            quelle que soit la langue.
      --explain             Avec --timeline, terminer chaque ligne par
                            «\u{A0}because\u{A0}» et la raison de son état, selon la
                            règle qui l’a décidé\u{A0}: «\u{A0}0 loading README.md
                            because rule 3: a load runs, no content yet\u{A0}». En
                            anglais aussi\u{A0}; aucun mot de passe n’apparaît.
      --speak               Dire chaque changement d’état avec espeak-ng (paquet
                            espeak-ng), dans la langue des messages\u{A0}; une annonce
                            plus récente interrompt celle en cours. Sans espeak-ng,
                            le programme le signale et continue sans parole.
      --announce            Écrire sur la sortie d’erreur ce qui serait dit, une
                            ligne par annonce\u{A0}: «\u{A0}announce: <texte>\u{A0}».
      --delay MS            Attendre MS millisecondes (un nombre entier, 0 ou plus)
                            avant de lire chaque document, pour montrer l’état de
                            chargement\u{A0}; l’espace réservé du chargement apparaît
                            alors après 150 ms et reste au moins 400 ms.
      --password-file FICHIER
                            Lire les mots de passe des PDF verrouillés dans
                            FICHIER, un par ligne, chacun essayé une fois dans
                            l’ordre. Sans cette option, un terminal les demande
                            (sans écho) et redemande après un mauvais mot de passe\u{A0};
                            un tube sur l’entrée standard est lu comme FICHIER. Une
                            ligne vide ou la fin de l’entrée arrête les demandes\u{A0}:
                            le PDF reste verrouillé. FICHIER (un FIFO, <(...)) n’est
                            ouvert que lorsqu’un PDF demande un mot de passe pour
                            la première fois. Une ligne de plus de 1024 octets
                            n’est pas un mot de passe\u{A0}: elle termine la liste, et
                            rien de plus n’est lu. Après 3 mauvais mots de passe,
                            le PDF est une erreur\u{A0}; «\u{A0}Réessayer\u{A0}» le rouvre
                            verrouillé.
      --remember            Garder le mot de passe qui ouvre un PDF dans le
                            trousseau noyau de l’utilisateur (keyctl, paquet
                            keyutils), sous le /ID du PDF (ou un SHA-256 de ses
                            octets)\u{A0}: le même PDF, renommé ou copié, s’ouvre sans
                            question. La clé vit dans la mémoire du noyau, jamais
                            dans un fichier, tant qu’un processus de l’utilisateur
                            tourne. Sans --remember, un mot de passe retenu est
                            tout de même essayé, mais rien de nouveau n’est
                            gardé\u{A0}; celui qui n’ouvre plus le PDF est oublié.
                            Sans keyctl, ou si le trousseau refuse, une note le dit
                            et la visionneuse demande comme avant. Pas dans la
                            visite.
      --remember-for SECONDES
                            Comme --remember, et la clé expire après SECONDES
                            (de 1 à 31536000).
      --forget FICHIER      Retirer du trousseau noyau de l’utilisateur (keyctl,
                            paquet keyutils) le mot de passe retenu pour le PDF
                            FICHIER, trouvé par le /ID du PDF (ou un SHA-256 de ses
                            octets)\u{A0}: un FICHIER renommé ou copié est le même.
                            Statut 0, aussi quand aucun n’était retenu\u{A0}; 1 sans
                            keyctl ou si le trousseau refuse. Aucune autre option.
      -h, --help            Afficher ce message et quitter.
      --                    Traiter chaque argument suivant comme un CHEMIN.

    Les messages sont en anglais, en allemand ou en français, selon LC_ALL,
    LC_MESSAGES ou LANG (LANG=de_DE.UTF-8, LANG=fr_FR.UTF-8), et d’abord selon
    LANGUAGE (GNU) s’il est défini\u{A0}; toute autre langue donne l’anglais.

    Ctrl-C pendant le chargement d’un document l’annule et réaffiche ce qui était
    affiché avant\u{A0}; une fois son premier écran affiché, il arrête la lecture et
    garde cet écran. Un second Ctrl-C, ou un Ctrl-C quand rien ne charge ou que la
    sortie attend son lecteur, quitte avec le statut 130.

    Le statut de sortie est 0 quel que soit l’état des documents, 1 quand le fichier
    de mots de passe ou les documents d’exemple ne peuvent être lus ou écrits, 2 pour
    un mauvais usage, 130 après Ctrl-C, 143 après SIGTERM, 129 après SIGHUP, et 141
    quand plus personne ne lit la sortie (le programme s’arrête à sa prochaine
    écriture).

    """,
    .usageHint: "Lancez «\u{A0}document-viewer --help\u{A0}» pour l’aide.",
    .invalidDelay:
      "délai invalide «\u{A0}{value}\u{A0}»\u{A0}: un nombre entier de millisecondes est "
      + "attendu, de 0 à {maximum}",
    .forgetTakesOneFile: "--forget prend un FICHIER et aucune autre option ni CHEMIN",
    .forgotPassword:
      "document-viewer\u{A0}: le mot de passe retenu pour «\u{A0}{file}\u{A0}» est oublié.",
    .nothingRemembered:
      "document-viewer\u{A0}: aucun mot de passe n’était retenu pour «\u{A0}{file}\u{A0}».",
    .forgetUnreadable:
      "document-viewer\u{A0}: impossible d’oublier le mot de passe de «\u{A0}{file}\u{A0}»"
      + "\u{A0}: {reason}",
    .keyctlMissing:
      "document-viewer\u{A0}: impossible d’oublier le mot de passe de «\u{A0}{file}\u{A0}»"
      + "\u{A0}: keyctl introuvable dans le PATH\u{A0}; installez {package} pour retenir "
      + "les mots de passe.",
    .keyringRefused:
      "document-viewer\u{A0}: le trousseau noyau refuse d’oublier le mot de passe de "
      + "«\u{A0}{file}\u{A0}»\u{A0}: {reason}",
    .invalidRememberTime:
      "durée invalide «\u{A0}{value}\u{A0}» pour --remember-for\u{A0}: un nombre entier de "
      + "secondes est attendu, de 1 à {maximum}",
    .samplesUnwritable:
      "document-viewer\u{A0}: impossible d’écrire les documents d’exemple\u{A0}: {reason}",
    .skippingPDFSamples:
      "document-viewer\u{A0}: les exemples PDF sont sautés\u{A0}: {tools} introuvable dans "
      + "le PATH\u{A0}; installez {packages} pour les voir.",
    .tourTypesPassword: "(la visite tape le mot de passe «\u{A0}{password}\u{A0}»)",
    .interruptNote:
      "document-viewer\u{A0}: annulé\u{A0}; appuyez de nouveau sur Ctrl-C pour quitter.",
    .cancelled: "Annulé\u{A0}: «\u{A0}{name}\u{A0}» n’a pas été ouvert.",
    .openingTitle: "Ouverture de {name}…",
    .emptyFolderTitle: "Dossier vide",
    .emptyFolderMessage: "«\u{A0}{name}\u{A0}» ne contient aucune entrée.",
    .noTextTitle: "Aucun texte dans ce document",
    .noTextMessage:
      "«\u{A0}{name}\u{A0}» n’a pas de couche de texte\u{A0}; c’est peut-être un scan.",
    .emptyFileTitle: "Fichier vide",
    .emptyFileMessage: "«\u{A0}{name}\u{A0}» ne contient aucun texte.",
    .lockedMessage: "«\u{A0}{name}\u{A0}» est protégé par un mot de passe.",
    .titleTooManyAttempts: "Trop de tentatives",
    .titleNotFound: "Introuvable",
    .titleCannotRead: "Lecture impossible",
    .titleUnsupportedFile: "Fichier non pris en charge",
    .titleNotText: "Pas un fichier texte",
    .titleToolsMissing: "Outils PDF manquants",
    .titleCannotReadPDF: "PDF illisible",
    .titleCannotOpen: "Ouverture impossible",
    .errorNotFound:
      "Impossible d’ouvrir «\u{A0}{path}\u{A0}»\u{A0}: aucun fichier ni dossier n’existe "
      + "à ce chemin.",
    .errorUnreadable: "Impossible de lire «\u{A0}{path}\u{A0}»\u{A0}: {reason}.",
    .errorUnsupportedFileType:
      "Impossible d’ouvrir «\u{A0}{path}\u{A0}»\u{A0}: c’est {type}, ni un fichier ni "
      + "un dossier.",
    .errorContainsNUL:
      "Impossible d’afficher «\u{A0}{path}\u{A0}»\u{A0}: ce n’est pas un fichier texte "
      + "(il contient un octet NUL à la position {offset}).",
    .errorInvalidUTF8:
      "Impossible d’afficher «\u{A0}{path}\u{A0}»\u{A0}: ce n’est pas un fichier texte "
      + "(il n’est pas de l’UTF-8 valide à la position {offset}).",
    .errorToolsMissing:
      "Impossible d’ouvrir le PDF «\u{A0}{path}\u{A0}»\u{A0}: {tools} introuvable dans le "
      + "PATH. Installez {packages} ({command}).",
    .errorPDFUnreadable:
      "Impossible de lire le PDF «\u{A0}{path}\u{A0}»\u{A0}: {tool}\u{A0}: {reason}",
    .fileTypeFIFO: "un FIFO",
    .fileTypeSocket: "un socket",
    .fileTypeCharacterDevice: "un périphérique caractère",
    .fileTypeBlockDevice: "un périphérique bloc",
    .fileTypeSpecial: "un fichier spécial",
    .lineOne: "{count} ligne",
    .lineOther: "{count} lignes",
    .entryOne: "{count} entrée",
    .entryOther: "{count} entrées",
    .pageOne: "{count} page",
    .pageOther: "{count} pages",
    .byteOne: "{count} octet",
    .byteOther: "{count} octets",
    .summaryText: "{lines}, {size}",
    .summaryPDF: "{pages}, {lines} de texte",
    .partialText:
      "premières {shown} sur {lines} dans les premiers {size}\u{A0}; pas lu jusqu’au bout",
    .partialDirectory: "premières {shown} sur {summary} listées\u{A0}; pas lu jusqu’au bout",
    .partialPDF:
      "premières {shownLines}\u{A0}: {shownPages}\u{A0}; {lines} de texte dans "
      + "{readPages}\u{A0}; pas lu jusqu’au bout",
    .readPagesOne: "la première page",
    .readPagesOther: "les {count} premières pages",
    .truncated: "premières {shown} sur {summary}",
    .truncatedPDF:
      "premières {shownLines}\u{A0}: {shownPages} sur {pageCount}, {lines} de texte",
    .shownPagesOne: "page 1",
    .shownPagesOther: "pages 1–{count}",
    .tourHeading: "{title}\u{A0}: {name}",
    .sampleText: "Un fichier texte",
    .sampleFolder: "Un dossier",
    .sampleLarge: "Un gros fichier, affiché pendant sa lecture",
    .sampleEmptyFile: "Un fichier vide",
    .sampleEmptyFolder: "Un dossier vide",
    .sampleMissing: "Un fichier manquant",
    .samplePathThroughFile: "Un chemin qui traverse un fichier",
    .sampleBinary: "Un fichier binaire",
    .samplePDF: "Un PDF avec du texte",
    .sampleScan: "Un PDF sans texte (un scan)",
    .sampleDamaged: "Un PDF endommagé",
    .sampleLocked: "Un PDF protégé par mot de passe (mot de passe\u{A0}: {password})",
    .sampleOwnerOnly: "Un PDF avec seulement un mot de passe propriétaire",
  ]
}
