import { describe, expect, it } from 'vitest';
import { drawRefusal, type IntakeState } from './intake.js';

const open: IntakeState = {
  subscription_valid: true,
  draw_online_enabled: true,
  kiosk_enabled: true,
  session: { open: true, queueing_allowed: true, blocked: false, online_suspended: false, kiosk_suspended: false },
};
const withSession = (session: Partial<IntakeState['session']>): IntakeState => ({ ...open, session: { ...open.session, ...session } });

describe('drawRefusal', () => {
  it.each<[string, IntakeState, 'ONLINE' | 'KIOSK' | 'MANUAL', string | undefined]>([
    ['open: online', open, 'ONLINE', undefined],
    ['open: kiosk', open, 'KIOSK', undefined],
    ['subscription first, even when closed', { ...withSession({ open: false }), subscription_valid: false }, 'ONLINE', 'SUBSCRIPTION_INVALID'],
    ['subscription binds staff too', { ...open, subscription_valid: false }, 'MANUAL', 'SUBSCRIPTION_INVALID'],
    ['online disabled before closed', { ...withSession({ open: false }), draw_online_enabled: false }, 'ONLINE', 'DRAWING_DISABLED'],
    ['online disabled leaves the kiosk', { ...open, draw_online_enabled: false }, 'KIOSK', undefined],
    ['kiosk disabled', { ...open, kiosk_enabled: false }, 'KIOSK', 'KIOSK_DISABLED'],
    ['closed', withSession({ open: false }), 'ONLINE', 'QUEUE_CLOSED'],
    ['closed binds staff too', withSession({ open: false }), 'MANUAL', 'QUEUE_CLOSED'],
    ['online suspended', withSession({ online_suspended: true }), 'ONLINE', 'INTAKE_SUSPENDED'],
    ['online suspended leaves the kiosk', withSession({ online_suspended: true }), 'KIOSK', undefined],
    ['kiosk suspended', withSession({ kiosk_suspended: true }), 'KIOSK', 'INTAKE_SUSPENDED'],
    ['kiosk suspended leaves online', withSession({ kiosk_suspended: true }), 'ONLINE', undefined],
    ['blocked', withSession({ blocked: true }), 'KIOSK', 'INTAKE_SUSPENDED'],
    ['queueing not allowed', withSession({ queueing_allowed: false }), 'ONLINE', 'INTAKE_SUSPENDED'],
    ['staff at the desk past every suspend', withSession({ blocked: true, queueing_allowed: false, online_suspended: true, kiosk_suspended: true }), 'MANUAL', undefined],
  ])('%s', (_case, state, origin, refusal) => expect(drawRefusal(state, origin)).toBe(refusal));
});
