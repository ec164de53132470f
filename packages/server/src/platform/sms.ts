import type { FastifyBaseLogger } from 'fastify';
import { maskText, recipientRef } from './log-redaction.js';

export interface OutgoingSms {
  /** A phone number as stored: '+43664…', no spaces. */
  to: string;
  text: string;
  /** The ticket or appointment it is about: SMS are counted per ticket as well as per number (sms-limits.ts). */
  about: string;
}

/** SENT: handed to the gateway (or the log); LIMITED: not sent, a limit of its number or ticket is reached. */
export type SmsOutcome = 'SENT' | 'LIMITED';

export interface SmsSender {
  /** Sends one SMS; a gateway's failure is thrown. */
  send(sms: OutgoingSms): Promise<SmsOutcome>;
}

/**
 * SMS through a generic HTTP gateway when SMS_URL is set: a JSON POST of `{ to, text }` with
 * `Authorization: Bearer SMS_TOKEN`; a gateway's own API sits behind such a small relay. Without
 * it every SMS is written to the log, like mail without SMTP_URL: never lost silently, but with
 * the number as its hash and the link masked (docs/security.md#logs).
 */
export function createSmsSender(options: { url: string | undefined; token: string | undefined; log: FastifyBaseLogger }): SmsSender {
  const { url, token, log } = options;
  if (!url) {
    return {
      send: (sms) => {
        const recipient = recipientRef(sms.to);
        log.info({ recipient }, `SMS to ${recipient} (no SMS_URL set, so it is written here, masked): ${maskText(sms.text)}`);
        return Promise.resolve('SENT');
      },
    };
  }
  return {
    send: async (sms) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to: sms.to, text: sms.text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      log.info({ recipient: recipientRef(sms.to) }, 'SMS sent');
      return 'SENT';
    },
  };
}
