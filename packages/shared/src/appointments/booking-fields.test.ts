import { describe, expect, it } from 'vitest';
import { checkBookingFields } from './booking-check.js';
import { missingBookingFields } from './booking-fields.js';
import { DEFAULT_BOOKING_FIELD_MODES } from './appointment-slots.schemas.js';

const modes = { ...DEFAULT_BOOKING_FIELD_MODES, phone: 'NONE' as const };

describe('missingBookingFields (what the patient form asks for before sending)', () => {
  it('names the REQUIRED fields left empty or blank, nothing optional', () => {
    expect(missingBookingFields(modes, { last_name: '  ', first_name: 'Eva', birth_date: '' })).toEqual(['last_name', 'mail']);
    expect(missingBookingFields(modes, { last_name: 'Huber', first_name: 'Eva', mail: 'eva@example.org' })).toEqual([]);
  });

  it('asks for the phone an SMS reminder needs, even where the slot does not ask for it', () => {
    const given = { last_name: 'Huber', first_name: 'Eva', mail: 'eva@example.org', phone: '+43 660 1234567' };
    expect(missingBookingFields(modes, { ...given, sms_reminder_minutes: 60 })).toEqual(['phone']);
    expect(missingBookingFields({ ...modes, phone: 'OPTIONAL' }, { ...given, sms_reminder_minutes: 60 })).toEqual([]);
    expect(missingBookingFields({ ...modes, mail: 'OPTIONAL' }, { last_name: 'Huber', first_name: 'Eva', notify_mail: true })).toEqual(['mail']);
  });

  it("is the server check's REQUIRED, field for field", () => {
    const body = { last_name: '', first_name: 'Eva', mail: 'not a mail', sms_reminder_minutes: 30 };
    const checked = checkBookingFields(modes, body, '2026-11-26');
    expect(checked.ok).toBe(false);
    const required = Object.entries(checked.ok ? {} : checked.fields)
      .filter(([, code]) => code === 'REQUIRED')
      .map(([field]) => field);
    expect(required.sort()).toEqual(missingBookingFields(modes, body).sort());
    expect(checked.ok ? {} : checked.fields.mail).not.toBe('REQUIRED');
  });
});
