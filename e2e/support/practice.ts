import type { LoggedUser, Profile, Queue, SignupInput } from '@wartefrei/shared';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL } from './env.js';
import { linkIn, waitForMail } from './mail.js';
import { declineTutorial, logInByApi } from './session.js';

/**
 * A practice of its own, signed up through the API and verified with the mail's link (a trial,
 * no card), for a spec that changes what the demo practice's other specs rely on. Answers its
 * admin signed in, and the mail address.
 */
export async function givenNewPractice(p: Page, name: string, options: { offerTutorial?: boolean } = {}): Promise<{ owner: LoggedUser; mail: string; password: string }> {
  const n = `${name}-${Date.now().toString(36)}`;
  const mail = `${n}@praxis.example`;
  const body: SignupInput = {
    account_name: `Praxis ${n}`,
    account_identifier: n,
    display_name: 'Dr. Berta Beispiel',
    username: mail,
    password: 'ein-langes-passwort',
    password_repeat: 'ein-langes-passwort',
    accept_terms: true,
    accept_data_usage: true,
  };
  const signup = await p.request.post('/signup', { data: body });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = new URL(linkIn(await waitForMail(mail), `${baseURL}/verify?token=`)).searchParams.get('token');
  expect((await p.request.post('/verify', { data: { token } })).status()).toBe(200);
  let owner = await logInByApi(p, { username: mail, password: body.password });
  // A new user is offered the tutorial once; specs about other things have it declined already.
  if (!options.offerTutorial) owner = await declineTutorial(p, owner);
  return { owner, mail, password: body.password };
}

/**
 * A new practice's first location ("Ordination") with its list "Sprechstunde", open, drawn from
 * online with a required first name and an optional mail (the fields encryption seals or keeps).
 * `call` is the spec's call as the practice's owner.
 */
export async function givenConsultationList(call: <T>(method: string, url: string, data?: unknown) => Promise<T>): Promise<{ location: Profile; queue: Queue }> {
  const location = await call<Profile>('POST', '/profiles', { name: 'Ordination', identifier: 'ordination' });
  const queue = await call<Queue>('POST', '/queues', {
    profile_id: location.id,
    name: 'Sprechstunde',
    identifier: 'sprechstunde',
    draw_online_enabled: true,
    patient_inputs: { display_name: 'NONE', first_name: 'REQUIRED', birth_date: 'NONE', insurance_number: 'NONE', mail: 'OPTIONAL', phone: 'NONE' },
  });
  await call('POST', `/queues/${queue.id}/session`, { event: 'START' });
  return { location, queue };
}
