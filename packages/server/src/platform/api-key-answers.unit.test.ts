import { describe, expect, it } from 'vitest';
import { BLANK_PATIENT_FIELDS } from '../../test/support/patient-data.js';
import { withoutPatientData } from './api-key-answers.js';

describe('answers to a key without patients:read', () => {
  it('blanks the personal fields of each patient record, keeps ids, numbers, states and times', () => {
    const member = {
      id: 'm1',
      number: 7,
      status: 'WAITING',
      created_at: '2026-11-28T10:00:00Z',
      display_name: 'Gerdi',
      first_name: 'Gerda',
      last_name: 'Geheim',
      birth_date: '1960-02-03',
      insurance_number: '1237010180',
      mail: 'g@example.com',
      phone: '+43 660',
      sealed_data: 'v1.sealed',
      answers: [{ question: 'Anliegen?', answer: 'Sonstiges', text: 'Knie' }],
    };
    expect(withoutPatientData({ member, next: null })).toEqual({
      member: {
        ...member,
        ...BLANK_PATIENT_FIELDS,
        answers: [{ question: 'Anliegen?', answer: 'Sonstiges', text: null }],
      },
      next: null,
    });
  });

  it('leaves a list’s name and a location’s phone alone: they are no patient’s', () => {
    const queue = { id: 'q1', name: 'Ambulanz', phone: '+43 1 234', profile: { name: 'Standort' } };
    expect(withoutPatientData([queue])).toEqual([queue]);
  });

  it('a report row: the name and the answers with their free texts go; an appointment: its description', () => {
    expect(withoutPatientData({ rows: [{ id: 'r', kind: 'ticket', queue_name: 'Ambulanz', name: 'Rita', answers: ['Anliegen?: Sonstiges – Rücken'] }] })).toEqual({
      rows: [{ id: 'r', kind: 'ticket', queue_name: 'Ambulanz', name: null, answers: [] }],
    });
    expect(withoutPatientData({ id: 'a', first_name: null, description: 'Rücken', source: 'API' })).toEqual({ id: 'a', first_name: null, description: null, source: 'API' });
  });
});
