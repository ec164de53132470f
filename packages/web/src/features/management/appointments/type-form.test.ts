import { describe, expect, it } from 'vitest';
import { CreateAppointmentTypeInput, UpdateAppointmentTypeInput, type AppointmentType } from '@wartefrei/shared';
import { typeFormProblems, typeFormValues, typeInputOf } from './type-form';

const stored: AppointmentType = {
  id: '00000000-0000-4000-8000-000000000001',
  profile_id: '00000000-0000-4000-8000-000000000002',
  queue_id: '00000000-0000-4000-8000-000000000003',
  name: 'Impfung',
  duration_minutes: 10,
  default_processor_id: null,
  bookable_online: true,
  bookable_kiosk: false,
  offer_count: 5,
  offer_minutes: 20,
  confirm_hours_before: 72,
  unconfirmed_mark_hours: 12,
  created_at: '2026-11-01T08:00:00.000Z',
};

describe('appointment type form values', () => {
  it('start a new type with offers to 3 for 30 minutes, confirmations off (48 h once on) and the mark at 24 h', () => {
    const values = typeFormValues(undefined, stored.queue_id);
    expect(values).toMatchObject({ offer_count: '3', offer_minutes: '30', confirm: false, confirm_hours_before: '48', unconfirmed_mark_hours: '24' });
    const input = typeInputOf(values);
    expect(input).toMatchObject({ queue_id: stored.queue_id, offer_count: 3, offer_minutes: 30, confirm_hours_before: null, unconfirmed_mark_hours: 24 });
    expect(CreateAppointmentTypeInput.safeParse(input).success).toBe(true);
    expect(typeInputOf({ ...values, confirm: true }).confirm_hours_before).toBe(48);
  });

  it('map a stored type there and back', () => {
    const input = typeInputOf(typeFormValues(stored));
    expect(input).toEqual({
      queue_id: stored.queue_id,
      name: 'Impfung',
      duration_minutes: 10,
      default_processor_id: null,
      bookable_online: true,
      bookable_kiosk: false,
      offer_count: 5,
      offer_minutes: 20,
      confirm_hours_before: 72,
      unconfirmed_mark_hours: 12,
    });
    const { queue_id: _list, ...changes } = input;
    expect(UpdateAppointmentTypeInput.safeParse(changes).success).toBe(true);
  });

  it('send 0 as no offers and a switched-off confirmation as null', () => {
    const input = typeInputOf({ ...typeFormValues(stored), offer_count: '0', confirm: false });
    expect(input).toMatchObject({ offer_count: 0, confirm_hours_before: null });
    expect(CreateAppointmentTypeInput.safeParse(input).success).toBe(true);
  });

  it('leave what is out of range or not whole for the shared schema to refuse at its field', () => {
    const input = typeInputOf({ ...typeFormValues(stored), offer_count: '11', offer_minutes: '4', confirm_hours_before: '1.5', unconfirmed_mark_hours: '' });
    const result = CreateAppointmentTypeInput.safeParse(input);
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({ offer_count: 'MAX_VALUE', offer_minutes: 'MIN_VALUE' });
    expect(Object.keys(issues).sort()).toEqual(['confirm_hours_before', 'offer_count', 'offer_minutes', 'unconfirmed_mark_hours']);
  });

  it('call switched-on hours left empty missing', () => {
    const input = typeInputOf({ ...typeFormValues(stored), confirm: true, confirm_hours_before: ' ' });
    expect(typeFormProblems(input)).toEqual({ confirm_hours_before: 'REQUIRED' });
    expect(typeFormProblems(typeInputOf(typeFormValues(stored)))).toEqual({});
  });
});
