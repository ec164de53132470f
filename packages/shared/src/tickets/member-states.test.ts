import { describe, expect, it } from 'vitest';
import { MEMBER_ACTIONS, memberTransition, memberView, type MemberAction, type MemberState } from './member-states.js';

const waiting: MemberState = { status: 'WAITING', cancel_state: null };
const processing: MemberState = { status: 'PROCESSING', cancel_state: null };
const cancelledByProcessor: MemberState = { status: 'WAITING', cancel_state: 'PROCESSOR' };
const finished: MemberState = { status: 'FINISHED_BY_PROCESSOR', cancel_state: null };
const cancelledByUser: MemberState = { status: 'FINISHED_BY_USER', cancel_state: 'USER' };
const timedOut: MemberState = { status: 'FINISHED_BY_TIMEOUT', cancel_state: 'TIMEOUT' };
const sessionEnded: MemberState = { status: 'FINISHED_BY_TIMEOUT', cancel_state: 'SESSION_END' };

const states = { waiting, processing, cancelledByProcessor, finished, cancelledByUser, timedOut, sessionEnded };
type StateName = keyof typeof states;

/** Every allowed (state, action) pair and where it leads; every pair not listed is refused. */
const allowed: [StateName, MemberAction, MemberState][] = [
  ['waiting', 'call', processing],
  ['waiting', 'remove', finished],
  ['waiting', 'cancel', cancelledByProcessor],
  ['waiting', 'user_cancel', cancelledByUser],
  ['waiting', 'session_end', sessionEnded],
  ['waiting', 'priority_tag', waiting],
  ['waiting', 'move', waiting],
  ['processing', 'requeue', waiting],
  ['processing', 'finish', finished],
  ['processing', 'remove', finished],
  ['processing', 'cancel', cancelledByProcessor],
  ['processing', 'user_cancel', cancelledByUser],
  ['processing', 'timeout', timedOut],
  ['processing', 'session_end', sessionEnded],
  ['processing', 'priority_tag', waiting],
  ['cancelledByProcessor', 'restore', waiting],
  ['cancelledByProcessor', 'remove', { status: 'FINISHED_BY_PROCESSOR', cancel_state: 'PROCESSOR' }],
  ['cancelledByProcessor', 'session_end', sessionEnded],
  ['cancelledByUser', 'user_restore', waiting],
];

describe('memberTransition (docs/product.md#states-and-transitions)', () => {
  it.each(allowed)('%s --%s--> allowed', (from, action, to) => {
    expect(memberTransition(states[from], action)).toEqual(to);
  });

  const refused = (Object.keys(states) as StateName[]).flatMap((from) =>
    MEMBER_ACTIONS.filter((action) => !allowed.some(([f, a]) => f === from && a === action)).map((action) => [from, action] as const),
  );
  it.each(refused)('%s --%s--> refused (a repeated or stale request changes nothing)', (from, action) => {
    expect(memberTransition(states[from], action)).toBeUndefined();
  });

  it("only the patient brings back a patient's cancel: no staff action does", () => {
    for (const action of MEMBER_ACTIONS.filter((a) => a !== 'user_restore')) expect(memberTransition(cancelledByUser, action)).toBeUndefined();
  });
});

describe('memberView', () => {
  it.each<[StateName, string]>([
    ['waiting', 'waiting'],
    ['processing', 'processing'],
    ['finished', 'finished'],
    ['cancelledByProcessor', 'cancelled'],
    ['cancelledByUser', 'cancelled'],
    ['timedOut', 'cancelled'],
    ['sessionEnded', 'expired'],
  ])('%s shows %s', (state, view) => expect(memberView(states[state])).toBe(view));
});
