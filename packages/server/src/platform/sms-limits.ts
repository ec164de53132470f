import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { RateLimiters } from './rate-limit.js';
import type { SmsSender } from './sms.js';

/** A phone number as a counter's key: the counters (in Redis with several nodes) never hold the number itself. */
const phoneKey = (phone: string) => createHash('sha256').update(phone).digest('base64url').slice(0, 22);

/**
 * Every SMS the server sends passes these limits, whoever caused it: a patient may type a
 * stranger's number into a draw's alert or a booking and then move the booking in a loop, and
 * no change of address makes those SMS another number's. Per ticket (or appointment) first,
 * then per number, each per day (`config.smsLimits`). A refused SMS is not sent; it answers
 * LIMITED, which the caller records (an alert as failed), and is logged with what it was
 * about — never the number.
 */
export function limitSms(sender: SmsSender, options: { limiters: RateLimiters; limits: Config['smsLimits']; clock: Clock; log: FastifyBaseLogger }): SmsSender {
  const { limits, log } = options;
  const perTicket = options.limiters.shared('sms-ticket', { limit: limits.perTicket, windowSeconds: limits.windowSeconds });
  const perPhone = options.limiters.shared('sms-phone', { limit: limits.perPhone, windowSeconds: limits.windowSeconds });
  return {
    async send(sms) {
      const now = options.clock.now();
      if (!(await perTicket.hit(sms.about, now)).allowed) {
        log.warn({ about: sms.about, limit: 'sms-ticket' }, `SMS not sent: this ticket had its ${limits.perTicket} SMS today`);
        return 'LIMITED';
      }
      if (!(await perPhone.hit(phoneKey(sms.to), now)).allowed) {
        log.warn({ about: sms.about, limit: 'sms-phone' }, `SMS not sent: its phone number had its ${limits.perPhone} SMS today`);
        return 'LIMITED';
      }
      return sender.send(sms);
    },
  };
}
