import { QrCode } from '../app/QrCode';
import { PracticeLogo } from '../app/PracticeLogo';
import type { Translate } from '../app/i18n';
import type { PrintableTicket } from './printer';

const timeOf = (iso: string, lang: string) => new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

/**
 * The paper ticket: only the print stylesheet shows it (a 58–80 mm thermal roll or A4 alike).
 * The Sunmi app prints the same content from the JSON it is handed.
 */
export function PrintedTicket({ ticket, t, lang }: { ticket: PrintableTicket; t: Translate; lang: string }) {
  return (
    <section className="kiosk-print" aria-hidden="true">
      <PracticeLogo url={ticket.logo?.url} placement={ticket.logo?.placement} at="TOP" />
      <p className="kiosk-print-queue">{ticket.queue}</p>
      <p className="kiosk-print-label">{t('yourNumber')}</p>
      <p className="kiosk-print-number">{ticket.number}</p>
      <p>{t('drawnAt', { time: timeOf(ticket.drawnAt, lang) })}</p>
      {ticket.ahead !== null && <p>{ticket.ahead === 0 ? t('aheadNone') : t('ahead', { count: ticket.ahead })}</p>}
      {ticket.estimatedStart && <p>{t('estimate', { time: timeOf(ticket.estimatedStart, lang) })}</p>}
      {ticket.url && <QrCode text={ticket.url} label={t('qrLabel')} className="kiosk-print-qr" />}
      <p>{t('follow')}</p>
      {ticket.text && <p>{ticket.text}</p>}
      <PracticeLogo url={ticket.logo?.url} placement={ticket.logo?.placement} at="BOTTOM" />
    </section>
  );
}
