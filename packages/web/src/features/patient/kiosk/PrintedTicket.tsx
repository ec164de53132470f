import { qrPath } from '../../../lib/qr';
import type { Translate } from '../app/i18n';
import type { PrintableTicket } from './printer';

const timeOf = (iso: string, lang: string) => new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = qrPath(text);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The paper ticket: only the print stylesheet shows it (a 58–80 mm thermal roll or A4 alike).
 * The Sunmi app prints the same content from the JSON it is handed.
 */
export function PrintedTicket({ ticket, t, lang }: { ticket: PrintableTicket; t: Translate; lang: string }) {
  return (
    <section className="kiosk-print" aria-hidden="true">
      <p className="kiosk-print-queue">{ticket.queue}</p>
      <p className="kiosk-print-label">{t('yourNumber')}</p>
      <p className="kiosk-print-number">{ticket.number}</p>
      <p>{t('drawnAt', { time: timeOf(ticket.drawnAt, lang) })}</p>
      {ticket.ahead !== null && <p>{ticket.ahead === 0 ? t('aheadNone') : t('ahead', { count: ticket.ahead })}</p>}
      {ticket.estimatedStart && <p>{t('estimate', { time: timeOf(ticket.estimatedStart, lang) })}</p>}
      <QrCode text={ticket.url} label={t('qrLabel')} className="kiosk-print-qr" />
      <p>{t('follow')}</p>
      {ticket.text && <p>{ticket.text}</p>}
    </section>
  );
}
