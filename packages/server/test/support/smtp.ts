import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, '' when the mail has none. */
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** Parses a received message with mailparser: multipart mails and their attachments too. */
async function parseMail(raw: Buffer, to: string[]): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  return {
    to,
    subject: parsed.subject ?? '',
    text: (parsed.text ?? '').trim(),
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
  };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for mail tests (and, through
 * `onMail`, for the end-to-end runner, which hands each mail to the browser specs).
 */
export async function startSmtpServer(options: { onMail?: (mail: ReceivedMail) => void } = {}) {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        parseMail(
          Buffer.concat(chunks),
          session.envelope.rcptTo.map((r) => r.address),
        )
          .then((mail) => {
            mails.push(mail);
            for (const wake of waiters) wake();
            options.onMail?.(mail);
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Resolves with the first mail to `address` after `since` mails, or fails after `ms`. */
    async waitForMail(address: string, options: { since?: number; ms?: number } = {}): Promise<ReceivedMail> {
      const { since = 0, ms = 10_000 } = options;
      const find = () => mails.slice(since).find((m) => m.to.includes(address));
      const deadline = Date.now() + ms;
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${address} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, Math.min(left, 200));
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
