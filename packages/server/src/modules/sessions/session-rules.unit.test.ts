import { describe, expect, it } from 'vitest';
import type { SendableSessionEvent } from '@wartefrei/shared';
import { sessionChangeFor } from './session-rules.js';
import type { SessionRow } from './sessions.repo.js';

const now = new Date('2026-05-04T08:00:00.000Z');
const until = new Date('2026-05-04T09:00:00.000Z');
const closed: SessionRow = {
  queueId: '00000000-0000-4000-8000-000000000001',
  open: false,
  queueingAllowed: true,
  blocked: false,
  onlineSuspended: false,
  onlineSuspendedUntil: null,
  kioskSuspended: false,
  kioskSuspendedUntil: null,
  openedAt: null,
  sessionNo: 3,
  lastOrdinal: 12,
  version: 0,
};
const open: SessionRow = { ...closed, open: true, openedAt: new Date('2026-05-04T07:00:00.000Z') };

describe('sessionChangeFor', () => {
  it.each<[string, SessionRow, SendableSessionEvent, Partial<SessionRow> | undefined]>([
    ['START opens a new session: numbering starts again', closed, 'START', { open: true, blocked: false, openedAt: now, sessionNo: 4, lastOrdinal: 0 }],
    ['START on an open session is unchanged', open, 'START', undefined],
    ['START lifts a block, keeping the opening time and the numbering', { ...open, blocked: true }, 'START', { blocked: false }],
    ['TERMINATE on a closed session is unchanged', closed, 'TERMINATE', undefined],
    ['BLOCK twice is unchanged', { ...open, blocked: true }, 'BLOCK', undefined],
    [
      'a fixed suspend replaces a timed one',
      { ...open, onlineSuspended: true, onlineSuspendedUntil: until },
      'SUSPEND_ONLINE_FIXED',
      { onlineSuspended: true, onlineSuspendedUntil: null },
    ],
    ['the same timed suspend is unchanged', { ...open, kioskSuspended: true, kioskSuspendedUntil: until }, 'SUSPEND_KIOSK_TIMED', undefined],
    ['resume without a suspend is unchanged', open, 'RESUME_KIOSK_FIXED', undefined],
  ])('%s', (_name, session, event, expected) => {
    const change = sessionChangeFor(session, event, now, until);
    if (expected === undefined) expect(change).toBeUndefined();
    else expect(change).toMatchObject(expected);
  });

  it('TERMINATE closes and lifts block and suspends', () => {
    expect(sessionChangeFor({ ...open, blocked: true, kioskSuspended: true, kioskSuspendedUntil: until }, 'TERMINATE', now)).toEqual({
      open: false,
      blocked: false,
      openedAt: null,
      onlineSuspended: false,
      onlineSuspendedUntil: null,
      kioskSuspended: false,
      kioskSuspendedUntil: null,
    });
  });
});
