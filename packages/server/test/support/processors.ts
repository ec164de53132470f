import { randomBytes } from 'node:crypto';
import type { LoggedUser, Processor } from '@wartefrei/shared';
import { asUser, linkIn, logIn } from './factories.js';
import type { TestApp } from './test-app.js';

export const INVITED_PASSWORD = 'eingeladen-und-sicher';

/**
 * The invitation path (for the processors suite): an admin invites a processor
 * (`POST /processors`); the processor opens the invitation mail, sets the password through its
 * link and logs in. Other suites take a processor from `givenProcessor` in factories.ts.
 */
export async function givenInvitedProcessor(t: TestApp, admin: LoggedUser, overrides: Record<string, unknown> = {}) {
  const username = `mitarbeiter-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@praxis.example`;
  const since = t.smtp.mails.length;
  const res = await t.inject({
    method: 'POST',
    url: '/processors',
    headers: asUser(admin),
    payload: { username, display_name: 'Mitarbeiterin', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`creating a processor failed: ${res.body}`);
  const processor = res.json<Processor>();
  const mail = await t.smtp.waitForMail(processor.username, { since });
  const token = linkIn(mail.text, 'http://wartefrei.test/passwordReset/').split('/').pop()!;
  const set = await t.inject({
    method: 'POST',
    url: `/password-reset/${token}`,
    payload: { password: INVITED_PASSWORD, password_repeat: INVITED_PASSWORD },
  });
  if (set.statusCode !== 204) throw new Error(`setting the password failed: ${set.body}`);
  // The invitation is accepted now: the processor as the API shows it from here on.
  return { processor: { ...processor, invitation_pending: false }, user: await logIn(t, processor.username, INVITED_PASSWORD) };
}
