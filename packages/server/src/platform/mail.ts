import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { maskText, recipientRef } from './log-redaction.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The whole message as plain text: what every client can show. */
  text: string;
  /** The same message laid out for mail clients that show HTML (platform/mail-html.ts). */
  html?: string;
  /** Files along with the text: an appointment's calendar entry, say. */
  attachments?: { filename: string; content: string; contentType: string }[];
  /**
   * Values of the text the log must not show (the name the mail greets, a check-in code): a
   * mail without SMTP_URL is written to the log, and there these are masked like its links.
   */
  confidential?: (string | null | undefined)[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Without it every mail is written to the log, never lost silently:
 * the operator sees which mail (subject, text) went to which recipient — the recipient as its
 * hash, links and the text's personal values masked (docs/security.md#logs), so the log holds
 * no way into a patient's ticket or a staff account. A self-hoster without a mail server makes
 * accounts with `npm run admin -- create-account`, which needs no mail.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      send: (mail) => {
        const recipient = recipientRef(mail.to);
        const subject = maskText(mail.subject, mail.confidential);
        const attachments = mail.attachments?.map((a) => a.filename);
        log.info(
          { recipient, subject, ...(attachments ? { attachments } : {}) },
          `mail to ${recipient} (no SMTP_URL set, so it is written here, masked): ${subject}\n${maskText(mail.text, mail.confidential)}`,
        );
        return Promise.resolve();
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async ({ confidential, ...mail }) => {
      await transport.sendMail({ from, ...mail });
      log.info({ recipient: recipientRef(mail.to), subject: maskText(mail.subject, confidential) }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
