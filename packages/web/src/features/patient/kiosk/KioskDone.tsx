import { QrCode } from '../app/QrCode';
import { useText } from '../app/i18n';
import { PrintedTicket } from './PrintedTicket';
import type { PrintableTicket, PrintProblem, TicketPrinter } from './printer';

/**
 * "Ihre Nummer": the ticket just taken. With a printer the paper comes out (and may be printed
 * again); with printing off nothing is printed and the QR code to the ticket page is on the
 * screen, for the patient to take their place to the phone.
 */
export function KioskDoneStep({
  printable,
  problem,
  printer,
  secondsLeft,
  onDone,
}: {
  printable: PrintableTicket;
  problem: PrintProblem | undefined;
  printer: TicketPrinter;
  secondsLeft: number | undefined;
  onDone: () => void;
}) {
  const { t, lang } = useText('kiosk');
  return (
    <section className="kiosk-done" aria-labelledby="kiosk-number-label">
      <p id="kiosk-number-label" className="kiosk-number-label">
        {t('yourNumber')}
      </p>
      <p className="kiosk-number">{printable.number}</p>
      <p className="kiosk-queue-name">{printable.queue}</p>
      {printer.paper ? (
        <p role={problem ? 'alert' : 'status'} className={problem ? 'kiosk-problem' : undefined}>
          {problem ? t(problem) : t('printing')}
        </p>
      ) : (
        printable.url && (
          <div className="kiosk-screen-qr" data-url={printable.url}>
            <QrCode text={printable.url} label={t('qrLabel')} className="kiosk-booked-qr" />
            <p className="kiosk-text">{t('follow')}</p>
          </div>
        )
      )}
      {!printer.paper && !printable.url && <p className="kiosk-text">{t('remember')}</p>}
      {printable.text && (
        <p className="kiosk-text" dir="auto">
          {printable.text}
        </p>
      )}
      <div className="kiosk-actions">
        {printer.paper && (
          <button type="button" className="kiosk-secondary" onClick={() => void printer.print(printable)}>
            {t('printAgain')}
          </button>
        )}
        <button type="button" className="kiosk-primary" onClick={onDone} autoFocus>
          {t('done')}
        </button>
      </div>
      {secondsLeft !== undefined && <p className="kiosk-countdown">{t('backIn', { count: secondsLeft })}</p>}
      {printer.paper && <PrintedTicket ticket={printable} t={t} lang={lang} />}
    </section>
  );
}
