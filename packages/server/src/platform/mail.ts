import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** The whole message as plain text: what every client can show. */
  text: string;
  /** The same message laid out for mail clients that show HTML (platform/mail-html.ts). */
  html?: string;
  /** Files along with the text: an appointment's calendar entry, say. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set. Without it every mail is written to the log in full, so that a
 * self-hoster without a mail server can still verify an account: never lost silently.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      send: (mail) => {
        log.info({ mail: { ...mail, html: undefined } }, `mail to ${mail.to} (no SMTP_URL set, so it is written here): ${mail.subject}\n${mail.text}`);
        return Promise.resolve();
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
}
