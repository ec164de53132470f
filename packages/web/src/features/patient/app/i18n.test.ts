import { describe, expect, it } from 'vitest';
import deTicket from '@wartefrei/shared/i18n/de/ticket.json';
import deServer from '@wartefrei/shared/i18n/de/server.json';
import arTicket from '@wartefrei/shared/i18n/ar/ticket.json';
import plTicket from '@wartefrei/shared/i18n/pl/ticket.json';
import { load, provideGerman, translate } from './i18n';

provideGerman('ticket', deTicket);
provideGerman('server', deServer);
const catalogues = { ar: arTicket, pl: plTicket };

describe('translate: the patient screens’ text lookup over the shared catalogues', () => {
  it.each([
    ['title', {}, 'Ihr Ticket'],
    ['view.processing', {}, 'Sie sind an der Reihe!'],
    ['estimate', { time: '09:30' }, 'Voraussichtlicher Beginn: 09:30 Uhr'],
    ['ahead', { count: 1 }, 'Vor Ihnen wartet 1 Person.'],
    ['ahead', { count: 4 }, 'Vor Ihnen warten 4 Personen.'],
    ['ahead', { count: 0 }, 'Vor Ihnen warten 0 Personen.'],
    ['minutes', { count: 1 }, '1 Minute'],
    ['minutes', { count: 2 }, '2 Minuten'],
    ['wait', { minutes: '1 Minute' }, 'in etwa 1 Minute'],
    ['server:validation.REQUIRED', { 0: 'Anzeigename' }, 'Anzeigename darf nicht leer sein'],
    ['gibt.es.nicht', {}, 'gibt.es.nicht'],
    ['estimate', {}, 'Voraussichtlicher Beginn: {time} Uhr'],
  ])('de %s %o → %s', (key, values, expected) => {
    expect(translate('de', 'ticket', key, values)).toBe(expected);
  });

  it('uses another language once its file is loaded, with English plural rules', async () => {
    expect(translate('en', 'ticket', 'title')).toBe('Ihr Ticket'); // German until the file arrives
    await load('en', 'ticket');
    expect(translate('en', 'ticket', 'title')).toBe('Your ticket');
    expect(translate('en', 'ticket', 'ahead', { count: 1 })).toMatch(/1 person/);
    expect(translate('en', 'ticket', 'minutes', { count: 1 })).toBe('1 minute');
    expect(translate('en', 'ticket', 'minutes', { count: 2 })).toBe('2 minutes');
  });

  it('falls back to German for what a language lacks (the staff-only texts of the server)', async () => {
    await load('tr', 'server');
    expect(translate('tr', 'ticket', 'gibt.es.nicht')).toBe('gibt.es.nicht');
    expect(translate('tr', 'server', 'reports.sheet')).toBe(translate('de', 'server', 'reports.sheet'));
    expect(translate('tr', 'server', 'validation.REQUIRED', { 0: 'X' })).not.toBe(translate('de', 'server', 'validation.REQUIRED', { 0: 'X' }));
  });

  it('picks each of Arabic’s six plural forms, and Polish’s four', async () => {
    await load('ar', 'ticket');
    await load('pl', 'ticket');
    const form = (lang: 'ar' | 'pl', category: string, count: number) =>
      (catalogues[lang] as unknown as Record<string, string>)[`minutes_${category}`]!.replace('{count}', String(count));
    for (const [count, category] of [
      [0, 'zero'],
      [1, 'one'],
      [2, 'two'],
      [3, 'few'],
      [11, 'many'],
      [100, 'other'],
    ] as const) {
      expect(translate('ar', 'ticket', 'minutes', { count })).toBe(form('ar', category, count));
    }
    for (const [count, category] of [
      [1, 'one'],
      [3, 'few'],
      [5, 'many'],
      [1.5, 'other'],
    ] as const) {
      expect(translate('pl', 'ticket', 'minutes', { count })).toBe(form('pl', category, count));
    }
  });
});
