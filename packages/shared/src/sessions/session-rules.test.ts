import { describe, expect, it } from 'vitest';
import type { SendableSessionEvent } from './sessions.schemas.js';
import { buttonOf, mayPress } from './session-rules.js';

describe('buttons', () => {
  it.each<[SendableSessionEvent, string]>([
    ['START', 'queue_opened'],
    ['BLOCK', 'queue_opened'],
    ['TERMINATE', 'terminate'],
    ['SUSPEND_ONLINE_TIMED', 'suspend_online'],
    ['RESUME_ONLINE_FIXED', 'suspend_online'],
    ['SUSPEND_KIOSK_FIXED', 'suspend_kiosk'],
  ])('%s → %s', (event, button) => expect(buttonOf(event)).toBe(button));

  it.each([
    ['EVERYBODY', false, true],
    ['EVERYBODY', true, true],
    ['ADMINS_ONLY', false, false],
    ['ADMINS_ONLY', true, true],
    ['NOBODY', false, false],
    ['NOBODY', true, false],
  ] as const)('%s, admin %s → %s', (visibility, isAdmin, may) => expect(mayPress(visibility, isAdmin)).toBe(may));
});
