import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatEuro, VENDOR_TIME_ZONE } from '@wartefrei/shared';
import type { Stripe } from '../../platform/stripe.js';

/** The VAT Stripe added: the sum of the invoice's tax amounts (today's and older API shapes). */
export function vatOfInvoice(invoice: Stripe.Invoice): number {
  const taxes = invoice.total_taxes ?? (invoice as unknown as { total_tax_amounts?: { amount: number }[] }).total_tax_amounts ?? [];
  return taxes.reduce((sum, t) => sum + t.amount, 0);
}

const date = (seconds: number | null | undefined) =>
  seconds ? new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium', timeZone: VENDOR_TIME_ZONE }).format(new Date(seconds * 1000)) : '–';

const STATUS: Record<string, string> = { draft: 'Entwurf', open: 'Offen', paid: 'Bezahlt', void: 'Storniert', uncollectible: 'Uneinbringlich' };

/**
 * The invoice as an A4 PDF with pdf-lib (pure JavaScript, already the poster's library): issuer,
 * recipient, number, date, period, one line per item, net, 20 % VAT and total. The standard
 * Helvetica covers German text and the euro sign (WinAnsi).
 */
export async function renderInvoicePdf(invoice: Stripe.Invoice, to: { practice: string }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Rechnung ${invoice.number ?? invoice.id}`);
  pdf.setAuthor('wartefrei');
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const text = (value: string, x: number, options: { size?: number; bold?: boolean; right?: boolean } = {}) => {
    const size = options.size ?? 10;
    const f = options.bold ? bold : font;
    const safe = value.replace(/[\u202f]/g, ' ');
    page.drawText(safe, { x: options.right ? x - f.widthOfTextAtSize(safe, size) : x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });
  };
  const line = (gap = 16) => (y -= gap);

  text('wartefrei', 50, { size: 18, bold: true });
  line(28);
  text(`Rechnung ${invoice.number ?? invoice.id}`, 50, { size: 14, bold: true });
  line(24);
  text(`An: ${to.practice}${invoice.customer_email ? ` (${invoice.customer_email})` : ''}`, 50);
  line();
  text(`Rechnungsdatum: ${date(invoice.created)}`, 50);
  line();
  const first = invoice.lines?.data?.[0];
  text(`Leistungszeitraum: ${date(first?.period?.start ?? invoice.period_start)} – ${date(first?.period?.end ?? invoice.period_end)}`, 50);
  line();
  text(`Status: ${STATUS[invoice.status ?? 'draft'] ?? invoice.status}`, 50);
  line(30);
  text('Leistung', 50, { bold: true });
  text('Menge', 380, { bold: true, right: true });
  text('Betrag (netto)', 545, { bold: true, right: true });
  line(18);
  for (const item of invoice.lines?.data ?? []) {
    text((item.description ?? '').slice(0, 70), 50);
    text(String(item.quantity ?? 1), 380, { right: true });
    text(formatEuro(item.amount), 545, { right: true });
    line();
    if (y < 120) break;
  }
  const vat = vatOfInvoice(invoice);
  line(14);
  text('Summe netto', 380, { right: true });
  text(formatEuro(invoice.total - vat), 545, { right: true });
  line();
  text('USt 20 %', 380, { right: true });
  text(formatEuro(vat), 545, { right: true });
  line();
  text('Gesamtbetrag', 380, { bold: true, right: true });
  text(formatEuro(invoice.total), 545, { bold: true, right: true });
  return pdf.save();
}
