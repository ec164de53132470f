import { describe, expect, it } from 'vitest';
import { CreateProfileInput, CreateQueueInput, UpdateQueueInput, type Profile } from '@wartefrei/shared';
import { locationFormValues, locationInputOf, queueFormValues, queueInputOf, queueRangeProblems } from './lists-form';

describe('queue form values', () => {
  it('start a new queue with the database defaults, which the shared schema accepts once named', () => {
    const values = queueFormValues(undefined);
    expect(values).toMatchObject({ priority: '10', number_start: '', 'patient_inputs.mail': 'NONE', 'button_visibility.terminate': 'EVERYBODY', draw_online_enabled: true });
    const input = queueInputOf({ ...values, name: 'Impfen', identifier: 'impfen' });
    expect(CreateQueueInput.safeParse({ ...input, profile_id: 'p' }).success).toBe(true);
    expect(input).toMatchObject({
      priority: 10,
      number_start: null,
      color: null,
      smart_suspend_minutes: 15,
      patient_inputs: { mail: 'NONE' },
      button_visibility: { terminate: 'EVERYBODY' },
    });
  });

  it('start a new queue with the practice field’s average and ticket note, and leave a stored one as it is', () => {
    const defaults = { average_process_minutes: 20, ticket_text_before: 'Bitte E-Card mitbringen.' };
    expect(queueFormValues(undefined, defaults)).toMatchObject({ average_process_minutes: '20', ticket_text_before: 'Bitte E-Card mitbringen.', priority: '10' });
    const stored = queueInputOf({ ...queueFormValues(undefined), name: 'A', identifier: 'a', average_process_minutes: '7' });
    const queue = { ...stored, id: 'q', profile_id: 'p', session: null } as unknown as Parameters<typeof queueFormValues>[0];
    expect(queueFormValues(queue, defaults)).toMatchObject({ average_process_minutes: '7', ticket_text_before: '' });
  });

  it('turn empty optional numbers and texts into null and typed numbers into numbers', () => {
    const values = {
      ...queueFormValues(undefined),
      name: 'A',
      identifier: 'a',
      number_start: ' 5 ',
      min_age: '',
      monitor_text: '  ',
      color: '#112233',
      'patient_inputs.phone': 'REQUIRED',
    };
    const input = queueInputOf(values);
    expect(input).toMatchObject({ number_start: 5, min_age: null, monitor_text: null, color: '#112233', patient_inputs: { phone: 'REQUIRED' } });
  });

  it('keep what is not a whole number, so the schema refuses it at its field', () => {
    const input = queueInputOf({ ...queueFormValues(undefined), name: 'A', identifier: 'a', max_age: '12a', max_concurrent_processing: '' });
    const result = UpdateQueueInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['max_age', 'max_concurrent_processing']);
  });
});

describe('location form values', () => {
  it('map a stored location there and back, empty region and address lines as null', () => {
    const profile: Profile = {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Ordination Graz',
      identifier: 'graz',
      time_zone: 'Europe/Vienna',
      country: 'AT',
      region: null,
      address: { street1: 'Hauptplatz 1', postcode: null, city: 'Graz', province: null, country: null },
      quiet_hours: { start: '20:00', end: '08:00' },
      kiosk_printing: 'BROWSER',
    };
    const input = locationInputOf(locationFormValues(profile));
    expect(input).toEqual({
      name: 'Ordination Graz',
      identifier: 'graz',
      country: 'AT',
      region: null,
      time_zone: 'Europe/Vienna',
      address: { street1: 'Hauptplatz 1', postcode: null, city: 'Graz' },
      kiosk_printing: 'BROWSER',
      quiet_hours: { start: '20:00', end: '08:00' },
    });
    expect(CreateProfileInput.safeParse(input).success).toBe(true);
  });

  it('start a new location with kiosk printing off and quiet hours for offers from 20:00 to 08:00', () => {
    const input = locationInputOf(locationFormValues(undefined));
    expect(input.kiosk_printing).toBe('OFF');
    expect(input.quiet_hours).toEqual({ start: '20:00', end: '08:00' });
  });

  it('keep a location’s own quiet hours, and leave an empty time for the schema to refuse', () => {
    const profile: Profile = {
      id: '00000000-0000-4000-8000-000000000000',
      name: 'Ordination Linz',
      identifier: 'linz',
      time_zone: 'Europe/Vienna',
      country: 'AT',
      region: null,
      address: { street1: null, postcode: null, city: null, province: null, country: null },
      quiet_hours: { start: '19:30', end: '07:15' },
      kiosk_printing: 'OFF',
    };
    const values = locationFormValues(profile);
    expect(locationInputOf(values).quiet_hours).toEqual({ start: '19:30', end: '07:15' });
    const result = CreateProfileInput.safeParse(locationInputOf({ ...values, 'quiet_hours.start': '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['quiet_hours.start']);
  });
});

describe('queue range problems', () => {
  it('find an end below the start and a max age below the min age, ignoring what is not a number', () => {
    expect(queueRangeProblems({ number_start: 100, number_end: 50, min_age: 30, max_age: 20 })).toEqual({ number_end: 'NUMBER_RANGE', max_age: 'AGE_RANGE' });
    expect(queueRangeProblems({ number_end: 50 })).toEqual({ number_end: 'NUMBER_END_NEEDS_START' });
    expect(queueRangeProblems({ number_start: 1, number_end: 50, min_age: '1a' as unknown as number, max_age: 20 })).toEqual({});
  });
});

describe('an age limit and the birth date', () => {
  it('makes the birth date required when an age limit is filled in, and leaves it as chosen without one', () => {
    const base = { ...queueFormValues(undefined), name: 'A', identifier: 'a', 'patient_inputs.birth_date': 'OPTIONAL' };
    expect(queueInputOf({ ...base, min_age: '18' }).patient_inputs?.birth_date).toBe('REQUIRED');
    expect(queueInputOf({ ...base, max_age: ' 65 ' }).patient_inputs?.birth_date).toBe('REQUIRED');
    expect(queueInputOf(base).patient_inputs?.birth_date).toBe('OPTIONAL');
  });

  it('names the inconsistent combination the server refuses', () => {
    expect(queueRangeProblems({ min_age: 18, max_age: null, patient_inputs: { birth_date: 'OPTIONAL' } })).toEqual({ 'patient_inputs.birth_date': 'AGE_NEEDS_BIRTH_DATE' });
    expect(queueRangeProblems({ min_age: 18, max_age: null, patient_inputs: { birth_date: 'REQUIRED' } })).toEqual({});
  });
});
