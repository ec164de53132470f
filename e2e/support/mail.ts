import fs from 'node:fs/promises';
import path from 'node:path';

/** A mail the server sent, as run.mjs's SMTP server stored it. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set — start the end-to-end tests with "npm run test:e2e"');
  return dir;
}

async function readMails(): Promise<ReceivedMail[]> {
  const dir = mailDir();
  // run.mjs numbers the files in arrival order and writes each one aside first (dot-prefixed).
  const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as ReceivedMail));
}

/**
 * Waits for a mail to `to` (and with a subject matching `subject`, when given); resolves with the
 * newest such mail, or fails after `timeoutMs`.
 */
export async function waitForMail(to: string, options: { timeoutMs?: number; subject?: RegExp } = {}): Promise<ReceivedMail> {
  const { timeoutMs = 15_000, subject } = options;
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMails()).filter((mail) => mail.to.some((r) => r.toLowerCase() === address) && (!subject || subject.test(mail.subject))).at(-1);
    if (found) return found;
    if (Date.now() >= deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const start = mail.text.indexOf(prefix);
  if (start < 0) throw new Error(`no link ${prefix}… in the mail "${mail.subject}":\n${mail.text}`);
  return mail.text.slice(start).split(/\s/)[0] ?? '';
}
