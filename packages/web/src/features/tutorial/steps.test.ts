import { describe, expect, it } from 'vitest';
import de from '@wartefrei/shared/i18n/de/tutorial.json';
import { stepsOf } from './steps';

// The offer tells a new user what each tour shows (tutorial:offer.text); the tours keep that
// promise for processors and admins alike.
const keys = (kind: 'quick' | 'extended', isAdmin: boolean) => stepsOf(kind, isAdmin).map((step) => step.key);

describe('the tutorial keeps what its offer promises', () => {
  it('the offer names calling patients, appointments and the profile for the quick tour', () => {
    expect(de.offer.text).toMatch(/Patienten aufrufen, Termine finden und Ihr Profil ändern/);
  });

  it.each([false, true])('the quick tour shows the work view, appointments and the profile (admin: %s)', (isAdmin) => {
    expect(keys('quick', isAdmin)).toEqual(expect.arrayContaining(['processor', 'workView', 'appointments', 'profile']));
  });

  it('the extended tour adds reports, management and billing for admins', () => {
    expect(keys('extended', true)).toEqual(expect.arrayContaining(['reporting', 'management', 'billing']));
    expect(keys('extended', false)).toContain('reporting');
  });
});
