import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { AUDIT_KEEP_DAYS, type LegalInformation, VENDOR_TIME_ZONE } from '@wartefrei/shared';

/**
 * The data processing agreement (GDPR art. 28) between a practice (controller) and the operator
 * of this server (processor), as an A4 PDF with pdf-lib like the invoices. Its facts come from
 * the configuration and the account (retention period, the services data goes to); its clauses
 * follow art. 28(3). German: the practices this serves contract in German.
 */

export interface DpaParties {
  practice: string;
  accountIdentifier: string;
  retentionDays: number;
  /** Today, as the agreement is dated. */
  date: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const WIDTH = A4[0] - 2 * MARGIN;

/** Writes paragraphs onto as many pages as they need. */
class Writer {
  private page: PDFPage;
  private y = A4[1] - MARGIN;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4);
  }
  private lines(text: string, font: PDFFont, size: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > WIDTH && line) {
          lines.push(line);
          line = word;
        } else line = next;
      }
      lines.push(line);
    }
    return lines;
  }
  write(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    for (const line of this.lines(text.replace(/\u202f/g, ' '), font, size)) {
      if (this.y < MARGIN + size) {
        this.page = this.pdf.addPage(A4);
        this.y = A4[1] - MARGIN;
      }
      this.page.drawText(line, { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 6;
  }
}

function operatorLines(legal: LegalInformation): string {
  const o = legal.operator;
  if (!o) return 'Betreiber dieses Servers (die Angaben sind noch nicht eingerichtet: OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_MAIL)';
  return [o.name, ...o.address_lines, o.mail, o.representative && `vertreten durch ${o.representative}`, o.register].filter(Boolean).join(', ');
}

function subProcessors(legal: LegalInformation): string {
  const list = ['der Rechenzentrumsbetrieb, auf dem der Auftragsverarbeiter diesen Dienst betreibt (Server, Datenbank, Sicherungen)'];
  if (legal.mail_configured) list.push('der Versand von E-Mails an Patientinnen und Patienten (SMTP-Dienst)');
  if (legal.sms_configured) list.push('der Versand von SMS an Patientinnen und Patienten (SMS-Gateway)');
  if (legal.payments_configured) list.push('Stripe Payments Europe, Ltd. für die Abrechnung mit der Praxis (erhält keine Patientendaten)');
  return list.map((entry) => `– ${entry}`).join('\n');
}

export async function renderDpaPdf(legal: LegalInformation, parties: DpaParties): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Vertrag über die Auftragsverarbeitung (Art. 28 DSGVO)');
  pdf.setAuthor(legal.operator?.name ?? 'wartefrei');
  pdf.setSubject(`Auftragsverarbeitung für ${parties.practice}`);
  const w = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const day = new Intl.DateTimeFormat('de-AT', { dateStyle: 'long', timeZone: VENDOR_TIME_ZONE }).format(parties.date);
  const section = (title: string, body: string) => {
    w.write(title, { bold: true, size: 11, gap: 2 });
    w.write(body, { gap: 10 });
  };

  w.write('Vertrag über die Auftragsverarbeitung', { bold: true, size: 16, gap: 2 });
  w.write('nach Art. 28 Datenschutz-Grundverordnung (DSGVO)', { size: 11, gap: 16 });
  w.write(`Verantwortlicher: ${parties.practice} (Konto „${parties.accountIdentifier}“), im Folgenden „Praxis“`, { gap: 2 });
  w.write(`Auftragsverarbeiter: ${operatorLines(legal)}, im Folgenden „Betreiber“`, { gap: 2 });
  w.write(`Dienst: wartefrei unter ${legal.public_url}`, { gap: 16 });

  section(
    '§ 1 Gegenstand und Dauer',
    'Der Betreiber stellt der Praxis die digitale Warteliste und Terminverwaltung wartefrei bereit und verarbeitet dabei personenbezogene Daten im Auftrag der Praxis. Der Vertrag gilt, solange die Praxis den Dienst nutzt, und endet mit der Löschung ihres Kontos.',
  );
  section(
    '§ 2 Art und Zweck der Verarbeitung',
    'Ziehen, Aufrufen und Abschließen von Wartenummern; Buchen, Verschieben, Absagen und Einchecken von Terminen; Benachrichtigung der Patientinnen und Patienten per E-Mail oder SMS, soweit die Praxis das vorsieht; der Fragebogen vor dem Ziehen; Auswertungen der Wartezeiten; das Protokoll der Zugriffe. Der Betreiber verarbeitet die Daten ausschließlich nach den dokumentierten Weisungen der Praxis, die sie durch die Einstellungen des Dienstes erteilt.',
  );
  section(
    '§ 3 Art der personenbezogenen Daten',
    'Je nachdem, was die Praxis je Warteliste und Sprechzeit abfragt: Anzeigename, Vor- und Nachname, Geburtsdatum, Versicherungsnummer, E-Mail-Adresse, Telefonnummer, Beschreibung des Anliegens, Antworten des Fragebogens (auch Freitext); Zeitpunkte und Status der Tickets und Termine. Diese Daten können Gesundheitsdaten im Sinne des Art. 9 DSGVO sein. Von den Mitarbeiterinnen und Mitarbeitern der Praxis: Name, E-Mail-Adresse, Anmeldedaten, Protokolleinträge.',
  );
  section('§ 4 Kategorien betroffener Personen', 'Patientinnen und Patienten der Praxis und ihre Begleitpersonen; Mitarbeiterinnen und Mitarbeiter der Praxis.');
  section(
    '§ 5 Pflichten des Betreibers',
    'Der Betreiber verarbeitet die Daten nur auf dokumentierte Weisung der Praxis (Art. 28 Abs. 3 lit. a DSGVO), verpflichtet alle Personen, die Zugang haben, zur Vertraulichkeit (lit. b), trifft die Maßnahmen nach Art. 32 DSGVO (lit. c, § 6), beauftragt Unterauftragsverarbeiter nur nach § 7 (lit. d), unterstützt die Praxis bei den Rechten der betroffenen Personen (lit. e, § 8) und bei ihren Pflichten nach Art. 32 bis 36 DSGVO (lit. f), löscht die Daten nach § 9 (lit. g) und stellt ihr alle Informationen zum Nachweis dieser Pflichten zur Verfügung (lit. h, § 10). Eine Verletzung des Schutzes personenbezogener Daten meldet der Betreiber der Praxis unverzüglich.',
  );
  section(
    '§ 6 Technische und organisatorische Maßnahmen',
    'Übertragung verschlüsselt (HTTPS); jedes Konto sieht nur seine eigenen Daten, Bearbeiterinnen und Bearbeiter nur ihre Wartelisten, was automatisierte Tests bei jeder Änderung prüfen; Passwörter nur als argon2id-Hash, Anmelde-Token nur als SHA-256 gespeichert und zeitlich begrenzt; Begrenzung der Anmeldeversuche; keine Patientennamen in Live-Ereignissen, auf dem Aufrufmonitor oder im Protokoll; Protokoll der Zugriffe auf Patientendaten; Löschfristen nach § 9; Datensicherung durch den Betreiber. Die Beschreibung der Schutzmaßnahmen (docs/security.md) ist Teil dieses Vertrags.',
  );
  section(
    '§ 7 Unterauftragsverarbeiter',
    `Die Praxis stimmt folgenden Unterauftragsverarbeitern zu:\n${subProcessors(legal)}\nÜber einen beabsichtigten Wechsel informiert der Betreiber die Praxis vorab; sie kann widersprechen. Eine Verarbeitung außerhalb des EWR findet nur unter den Voraussetzungen der Art. 44 ff. DSGVO statt.`,
  );
  section(
    '§ 8 Rechte der betroffenen Personen',
    'Die Praxis beantwortet Anfragen betroffener Personen. Der Dienst unterstützt sie dabei: die Daten eines Tickets oder Termins lassen sich sofort löschen, die Auswertung lässt sich mit Namen exportieren, und das Protokoll zeigt, wer auf welche Daten zugegriffen hat.',
  );
  section(
    '§ 9 Löschung',
    `Personenbezogene Daten abgeschlossener Tickets und vergangener Termine löscht der Dienst nach der von der Praxis eingestellten Frist, derzeit ${parties.retentionDays} Tage; die anonymen Kennzahlen bleiben. Einträge des Protokolls werden nach ${AUDIT_KEEP_DAYS} Tagen gelöscht. Mit der Löschung des Kontos werden alle Daten der Praxis gelöscht; Sicherungskopien laufen mit ihrer Aufbewahrungsfrist ab.`,
  );
  section(
    '§ 10 Nachweise und Kontrollen',
    'Der Betreiber weist die Einhaltung dieses Vertrags auf Anfrage nach und ermöglicht Überprüfungen durch die Praxis oder einen von ihr beauftragten Prüfer nach rechtzeitiger Ankündigung. Das Protokoll steht der Praxis jederzeit im Dienst zur Verfügung.',
  );
  section(
    '§ 11 Schlussbestimmungen',
    'Änderungen bedürfen der Textform. Sollte eine Bestimmung unwirksam sein, bleibt der Vertrag im Übrigen wirksam. Bei Widersprüchen geht dieser Vertrag den Nutzungsbedingungen vor, soweit es um den Schutz personenbezogener Daten geht.',
  );
  w.write(`Stand: ${day}`, { gap: 30 });
  w.write('_____________________________            _____________________________', { gap: 2 });
  w.write('Praxis (Ort, Datum, Unterschrift)                  Betreiber (Ort, Datum, Unterschrift)');
  return pdf.save();
}
