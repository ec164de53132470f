import type { LoggedUser } from '@wartefrei/shared';
import type { Page } from 'playwright-core';

/** The demo practice the server seeds into its empty database (SEED_DEMO=true). */
export const DEMO = {
  admin: { username: 'admin@praxis-demo.example', password: 'wartefrei-demo' },
  processor: { username: 'assistenz@praxis-demo.example', password: 'wartefrei-demo' },
} as const;

/** `Authorization: Basic …`. */
export function basic(name: string, secret: string): string {
  return `Basic ${Buffer.from(`${name}:${secret}`, 'utf8').toString('base64')}`;
}

/** Signs in through the API (optionally with a short token) and returns the logged user. */
export async function logInByApi(page: Page, who: { username: string; password: string }, ttlSeconds?: number): Promise<LoggedUser> {
  const response = await page.request.post(`/auth/login${ttlSeconds ? `?ttl=${ttlSeconds}` : ''}`, {
    headers: { authorization: basic(who.username, who.password) },
  });
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as LoggedUser;
}

/** The user as after "Nein danke" to the tutorial's offer (remembered by the server). */
export async function declineTutorial(page: Page, user: LoggedUser): Promise<LoggedUser> {
  const response = await page.request.patch('/users/me', { headers: { authorization: basic(user.id, user.token) }, data: { tutorial_dismissed: true } });
  if (response.status() !== 200) throw new Error(`declining the tutorial failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as LoggedUser;
}

/** Puts a signed-in user where the web app keeps it (localStorage `user`), as after a login. */
export async function storeUser(page: Page, user: LoggedUser): Promise<void> {
  await page.goto('/404');
  await page.evaluate((value) => localStorage.setItem('user', JSON.stringify(value)), user);
}
