import type { KioskPrinting, Profile } from '@wartefrei/shared';
import type { Page } from 'playwright-core';
import type { Staff } from './staff.js';

/** The browser's print dialog, intercepted (an init script): counts the calls instead of opening it. */
export const interceptPrint = () => {
  const w = window as unknown as { __prints: number };
  w.__prints = 0;
  window.print = () => void (w.__prints += 1);
};
export const prints = (page: Page) => page.evaluate(() => (window as unknown as { __prints: number }).__prints);

/** The demo location's kiosk printing (OFF as seeded); a spec that changes it puts it back. */
export async function setKioskPrinting(staff: Staff, mode: KioskPrinting): Promise<Profile> {
  const wien = (await staff.call<Profile[]>('GET', '/profiles')).find((p) => p.identifier === 'wien');
  if (!wien) throw new Error('demo location wien missing');
  return staff.call<Profile>('PATCH', `/profiles/${wien.id}`, { kiosk_printing: mode }, 200);
}
