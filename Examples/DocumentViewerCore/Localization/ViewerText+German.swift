// The viewer's texts in German, quoted „so“.
extension ViewerText {
  /// The German templates.
  static let germanTable: [ViewerText: String] = [
    .usage: """
    AUFRUF: document-viewer [--timeline [--explain]] [--speak] [--announce]
                            [--delay MS] [--password-file DATEI]
                            [--remember | --remember-for SEKUNDEN] [PFAD ...]
            document-viewer --forget DATEI

    Öffnet Textdateien, Ordner und PDFs und zeigt ihre erste Bildschirmseite oder
    einen Platzhalter, der sagt, warum es keine gibt: Laden, leer, Fehler (mit der
    Aktion „Erneut versuchen“) oder gesperrt (ein passwortgeschütztes PDF, bis das
    richtige Passwort eingegeben ist). Die erste Bildschirmseite einer Textdatei
    oder des Texts eines PDFs erscheint, sobald sie gelesen ist; der Rest wird
    darunter gelesen, bei großen Dateien mit einem Fortschrittsbalken. Ohne PFAD
    führt das Programm durch erzeugte Beispieldokumente, die jeden Zustand zeigen.

    PDFs werden mit pdftotext (Paket poppler-utils) und qpdf (Paket qpdf) gelesen.

    OPTIONEN:
      --timeline            Statt die Dokumente darzustellen, eine Zeile je
                            Zustandswechsel ausgeben: „<Millisekunden> <Zustand>
                            <Dokument>“; das Dokument ist der PFAD wie angegeben
                            (beim Rundgang der Name des Beispiels). Ein gesperrtes
                            PDF, das mit Passwort geöffnet wird, ergibt „loading“,
                            „locked“, dann „loading“ und „content“ (oder wieder
                            „locked“ bei einem falschen Passwort). Die Zeilen sind
                            in jeder Sprache englisch.
      --explain             Mit --timeline jede Zeile mit „because“ und dem Grund
                            für ihren Zustand beenden, nach der Regel, die ihn
                            bestimmt hat: „0 loading README.md because rule 3: a
                            load runs, no content yet“. Ebenfalls englisch; kein
                            Passwort erscheint.
      --speak               Jeden Zustandswechsel mit espeak-ng (Paket espeak-ng)
                            in der Sprache der Meldungen sprechen; eine neuere
                            Ansage bricht eine noch laufende ab. Ohne espeak-ng
                            sagt das Programm das und macht stumm weiter.
      --announce            Was gesprochen würde, auf die Standardfehlerausgabe
                            schreiben, eine Zeile je Ansage: „announce: <Text>“.
      --delay MS            Vor dem Lesen jedes Dokuments MS Millisekunden warten
                            (eine ganze Zahl, 0 oder mehr), um den Ladezustand zu
                            zeigen; der Lade-Platzhalter erscheint dann nach 150 ms
                            und bleibt mindestens 400 ms.
      --password-file DATEI Passwörter für gesperrte PDFs aus DATEI lesen, eines je
                            Zeile, jedes einmal in dieser Reihenfolge. Ohne die
                            Option fragt ein Terminal (ohne Echo) und nach einem
                            falschen Passwort erneut; eine Pipe auf der
                            Standardeingabe wird wie DATEI gelesen. Eine leere
                            Zeile oder das Ende der Eingabe beendet das Fragen: das
                            PDF bleibt gesperrt. DATEI (ein FIFO, <(...)) wird erst
                            geöffnet, wenn ein PDF zum ersten Mal ein Passwort
                            braucht. Eine Zeile über 1024 Bytes ist kein Passwort:
                            sie beendet die Liste, und nichts weiter wird gelesen.
                            Nach 3 falschen Passwörtern ist das PDF ein Fehler;
                            „Erneut versuchen“ öffnet es wieder gesperrt.
      --remember            Das Passwort, das ein PDF öffnet, im Kernel-
                            Schlüsselbund des Benutzers behalten (keyctl, Paket
                            keyutils), unter der eigenen /ID des PDFs (oder einem
                            SHA-256 seiner Bytes): dasselbe PDF, umbenannt oder
                            kopiert, öffnet sich ohne Frage. Der Schlüssel liegt im
                            Kernel-Speicher, nie in einer Datei, solange irgendein
                            Prozess des Benutzers läuft. Ohne --remember wird ein
                            gemerktes Passwort trotzdem versucht, aber nichts Neues
                            behalten; eines, das das PDF nicht mehr öffnet, wird
                            vergessen. Ohne keyctl, oder wenn der Schlüsselbund
                            ablehnt, sagt ein Hinweis es, und der Betrachter fragt
                            wie bisher. Nicht beim Rundgang.
      --remember-for SEKUNDEN
                            Wie --remember, und der Schlüssel verfällt nach
                            SEKUNDEN (1 bis 31536000).
      --forget DATEI        Das für das PDF DATEI gemerkte Passwort aus dem
                            Kernel-Schlüsselbund des Benutzers entfernen (keyctl,
                            Paket keyutils), gefunden über die eigene /ID des PDFs
                            (oder ein SHA-256 seiner Bytes): eine umbenannte oder
                            kopierte DATEI ist dieselbe. Status 0, auch wenn keines
                            gemerkt war; 1 ohne keyctl oder wenn der Schlüsselbund
                            ablehnt. Keine andere Option ist damit möglich.
      -h, --help            Diese Hilfe zeigen und beenden.
      --                    Jedes folgende Argument als PFAD nehmen.

    Die Meldungen sind englisch, deutsch oder französisch, wie LC_ALL, LC_MESSAGES
    oder LANG es sagen (LANG=de_DE.UTF-8, LANG=fr_FR.UTF-8), zuerst aber GNU
    LANGUAGE, wenn es gesetzt ist; jede andere Sprache ist Englisch.

    Strg-C während ein Dokument lädt bricht das Laden ab und zeigt, was vorher zu
    sehen war; ist die erste Bildschirmseite schon zu sehen, hört es mit dem Lesen
    auf und behält sie. Ein zweites Strg-C, oder eines, während nichts lädt oder die
    Ausgabe auf ihren Leser wartet, beendet das Programm mit Status 130.

    Der Exit-Status ist 0, in welchem Zustand die Dokumente auch enden, 1, wenn die
    Passwortdatei oder die Beispieldokumente nicht gelesen oder geschrieben werden
    können, 2 bei falschem Aufruf, 130 nach Strg-C, 143 nach SIGTERM, 129 nach
    SIGHUP und 141, wenn niemand die Ausgabe mehr liest (das Programm hört beim
    nächsten Schreiben auf).

    """,
    .usageHint: "Hilfe mit „document-viewer --help“.",
    .invalidDelay:
      "ungültige Wartezeit „{value}“: erwartet ist eine ganze Zahl von Millisekunden, "
      + "von 0 bis {maximum}",
    .forgetTakesOneFile: "--forget nimmt eine DATEI und keine andere Option und keinen PFAD",
    .forgotPassword: "document-viewer: das für „{file}“ gemerkte Passwort ist vergessen.",
    .nothingRemembered: "document-viewer: für „{file}“ war kein Passwort gemerkt.",
    .forgetUnreadable:
      "document-viewer: das Passwort von „{file}“ kann nicht vergessen werden: {reason}",
    .keyctlMissing:
      "document-viewer: das Passwort von „{file}“ kann nicht vergessen werden: keyctl "
      + "wurde nicht im PATH gefunden; installieren Sie {package}, um Passwörter zu merken.",
    .keyringRefused:
      "document-viewer: der Kernel-Schlüsselbund lehnt es ab, das Passwort von „{file}“ zu "
      + "vergessen: {reason}",
    .invalidRememberTime:
      "ungültige Zeit „{value}“ für --remember-for: erwartet ist eine ganze Zahl von Sekunden, "
      + "von 1 bis {maximum}",
    .samplesUnwritable:
      "document-viewer: die Beispieldokumente können nicht geschrieben werden: {reason}",
    .skippingPDFSamples:
      "document-viewer: die PDF-Beispiele werden übersprungen: {tools} nicht im PATH gefunden; "
      + "installieren Sie {packages}, um sie zu sehen.",
    .tourTypesPassword: "(der Rundgang tippt das Passwort „{password}“)",
    .interruptNote: "document-viewer: abgebrochen; zum Beenden noch einmal Strg-C drücken.",
    .cancelled: "Abgebrochen: „{name}“ wurde nicht geöffnet.",
    .openingTitle: "Öffne {name}…",
    .emptyFolderTitle: "Leerer Ordner",
    .emptyFolderMessage: "„{name}“ hat keine Einträge.",
    .noTextTitle: "Kein Text in diesem Dokument",
    .noTextMessage: "„{name}“ hat keine Textebene; es ist vielleicht ein Scan.",
    .emptyFileTitle: "Leere Datei",
    .emptyFileMessage: "„{name}“ enthält keinen Text.",
    .lockedMessage: "„{name}“ ist durch ein Passwort geschützt.",
    .titleTooManyAttempts: "Zu viele Versuche",
    .titleNotFound: "Nicht gefunden",
    .titleCannotRead: "Nicht lesbar",
    .titleUnsupportedFile: "Nicht unterstützte Datei",
    .titleNotText: "Keine Textdatei",
    .titleToolsMissing: "PDF-Werkzeuge fehlen",
    .titleCannotReadPDF: "PDF nicht lesbar",
    .titleCannotOpen: "Öffnen nicht möglich",
    .errorNotFound:
      "„{path}“ kann nicht geöffnet werden: unter diesem Pfad gibt es weder Datei noch Ordner.",
    .errorUnreadable: "„{path}“ kann nicht gelesen werden: {reason}.",
    .errorUnsupportedFileType:
      "„{path}“ kann nicht geöffnet werden: es ist {type}, keine Datei und kein Ordner.",
    .errorContainsNUL:
      "„{path}“ kann nicht angezeigt werden: es ist keine Textdatei (sie enthält ein NUL-Byte "
      + "an Position {offset}).",
    .errorInvalidUTF8:
      "„{path}“ kann nicht angezeigt werden: es ist keine Textdatei (sie ist an Position "
      + "{offset} kein gültiges UTF-8).",
    .errorToolsMissing:
      "Das PDF „{path}“ kann nicht geöffnet werden: {tools} nicht im PATH gefunden. "
      + "Installieren Sie {packages} ({command}).",
    .errorPDFUnreadable: "Das PDF „{path}“ kann nicht gelesen werden: {tool}: {reason}",
    .fileTypeFIFO: "ein FIFO",
    .fileTypeSocket: "ein Socket",
    .fileTypeCharacterDevice: "ein zeichenorientiertes Gerät",
    .fileTypeBlockDevice: "ein blockorientiertes Gerät",
    .fileTypeSpecial: "eine Spezialdatei",
    .lineOne: "{count} Zeile",
    .lineOther: "{count} Zeilen",
    .entryOne: "{count} Eintrag",
    .entryOther: "{count} Einträge",
    .pageOne: "{count} Seite",
    .pageOther: "{count} Seiten",
    .byteOne: "{count} Byte",
    .byteOther: "{count} Bytes",
    .summaryText: "{lines}, {size}",
    .summaryPDF: "{pages}, {lines} Text",
    .partialText: "erste {shown} von {lines} in den ersten {size}; nicht zu Ende gelesen",
    .partialDirectory: "erste {shown} von {summary} aufgelistet; nicht zu Ende gelesen",
    .partialPDF:
      "erste {shownLines}: {shownPages}; {lines} Text auf {readPages}; nicht zu Ende gelesen",
    .readPagesOne: "der ersten Seite",
    .readPagesOther: "den ersten {count} Seiten",
    .truncated: "erste {shown} von {summary}",
    .truncatedPDF: "erste {shownLines}: {shownPages} von {pageCount}, {lines} Text",
    .shownPagesOne: "Seite 1",
    .shownPagesOther: "Seiten 1–{count}",
    .tourHeading: "{title}: {name}",
    .sampleText: "Eine Textdatei",
    .sampleFolder: "Ein Ordner",
    .sampleLarge: "Eine große Datei, gezeigt, während sie gelesen wird",
    .sampleEmptyFile: "Eine leere Datei",
    .sampleEmptyFolder: "Ein leerer Ordner",
    .sampleMissing: "Eine fehlende Datei",
    .samplePathThroughFile: "Ein Pfad durch eine Datei",
    .sampleBinary: "Eine Binärdatei",
    .samplePDF: "Ein PDF mit Text",
    .sampleScan: "Ein PDF ohne Text (ein Scan)",
    .sampleDamaged: "Ein beschädigtes PDF",
    .sampleLocked: "Ein passwortgeschütztes PDF (Passwort: {password})",
    .sampleOwnerOnly: "Ein PDF nur mit Eigentümerpasswort",
  ]
}
