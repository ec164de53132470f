import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { PublicQueue } from '@wartefrei/shared';
import { DrawForm } from './DrawForm';

// What the form reads of the list: its id, the patient inputs, whether it asks for the language.
const queue = {
  id: '0b8f6f63-2f0e-4b8e-9f55-4d8a8c2c7e21',
  ask_patient_for_language: false,
  patient_inputs: { display_name: 'OPTIONAL', first_name: 'REQUIRED', birth_date: 'OPTIONAL', insurance_number: 'NONE', mail: 'OPTIONAL', phone: 'OPTIONAL' },
} as PublicQueue;

describe('the draw form', () => {
  it('asks for each field the list wants with its input type and the patient’s own autofill', () => {
    render(<DrawForm queue={queue} origin="ONLINE" onDrawn={() => undefined} />);
    const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { exact: false });
    expect([input('Anzeigename'), input('Vorname'), input('Nachname'), input('E-Mail'), input('Telefonnummer')].map((i) => [i.type, i.autocomplete])).toEqual([
      ['text', 'nickname'],
      ['text', 'given-name'],
      ['text', 'family-name'],
      ['email', 'email'],
      ['tel', 'tel'],
    ]);
    // Not asked by this list; the birth date comes in three parts of its own.
    expect(screen.queryByLabelText('Sozialversicherungsnummer', { exact: false })).toBeNull();
    expect(screen.getByRole('group', { name: /Geburtsdatum/ })).toBeTruthy();
  });
});
