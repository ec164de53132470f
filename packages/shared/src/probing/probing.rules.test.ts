import { describe, expect, it } from 'vitest';
import {
  isPublicWebAddress,
  leadsToQueue,
  questionnaireProblems,
  walkInterview,
  type ProbingOptionShape,
  type ProbingQuestionShape,
  type ProbingTargets,
} from './probing.rules.js';

const option = (id: string, fields: Partial<ProbingOptionShape> = {}): ProbingOptionShape => ({
  id,
  text: id,
  action: 'NOTHING',
  target_question_id: null,
  target_queue_id: null,
  target_url: null,
  appointment_type_id: null,
  info_tag_id: null,
  allow_free_text: false,
  ...fields,
});
const question = (id: string, options: ProbingOptionShape[], ask_first = false): ProbingQuestionShape => ({ id, text: `${id}?`, ask_first, options });

const targets: ProbingTargets = {
  queues: new Map([
    ['infekt', { online: true, kiosk: true }],
    ['rezept', { online: true, kiosk: false }],
  ]),
  infoTags: new Map([
    ['INF', { shiftsTime: false }],
    ['SPAET', { shiftsTime: true }],
  ]),
  appointmentTypeIds: new Set(['arzt']),
};

/** The questionnaire: Fieber? ja → Infektliste (tag INF), nein → Rezept? ja → Rezeptliste, nein → Termin buchen. */
const fever = question(
  'fieber',
  [option('ja', { action: 'QUEUE', target_queue_id: 'infekt', info_tag_id: 'INF' }), option('nein', { action: 'QUESTION', target_question_id: 'rezept' })],
  true,
);
const prescription = question('rezept', [
  option('ja2', { action: 'QUEUE', target_queue_id: 'rezept' }),
  option('nein2', { action: 'BOOK_APPOINTMENT', appointment_type_id: 'arzt' }),
]);
const good = [fever, prescription];
const codes = (questions: ProbingQuestionShape[], variant: 'ONLINE' | 'KIOSK' = 'ONLINE') =>
  questionnaireProblems(questions, variant, targets).map((p) => [p.question_id, p.option_id, p.code, p.severity]);

describe('questionnaireProblems', () => {
  it('finds nothing wrong with the issue’s questionnaire online', () => {
    expect(codes(good)).toEqual([]);
  });

  it.each([
    ['no first question', [{ ...fever, ask_first: false }, prescription], [[null, null, 'NO_FIRST_QUESTION', 'error']]],
    ['two first questions', [fever, { ...prescription, ask_first: true }], [['rezept', null, 'MORE_THAN_ONE_FIRST_QUESTION', 'error']]],
    ['one option only', [fever, { ...prescription, options: [prescription.options[0]!] }], [['rezept', null, 'FEWER_THAN_TWO_OPTIONS', 'error']]],
    ['an empty option text', [fever, { ...prescription, options: [option('ja2', { text: ' ' }), prescription.options[1]!] }], [['rezept', 'ja2', 'OPTION_TEXT_REQUIRED', 'error']]],
    [
      'a dangling question target',
      [question('fieber', [option('ja', { action: 'QUESTION', target_question_id: 'weg' }), option('nein')], true)],
      [['fieber', 'ja', 'TARGET_NOT_FOUND', 'error']],
    ],
    ['a queue option without a queue', [question('fieber', [option('ja', { action: 'QUEUE' }), option('nein')], true)], [['fieber', 'ja', 'TARGET_REQUIRED', 'error']]],
    [
      'another account’s queue',
      [question('fieber', [option('ja', { action: 'QUEUE', target_queue_id: 'fremd' }), option('nein')], true)],
      [['fieber', 'ja', 'TARGET_NOT_FOUND', 'error']],
    ],
    [
      'an unknown appointment type',
      [question('fieber', [option('ja', { action: 'BOOK_APPOINTMENT', appointment_type_id: 'x' }), option('nein')], true)],
      [['fieber', 'ja', 'TARGET_NOT_FOUND', 'error']],
    ],
    ['a tag that shifts the time', [question('fieber', [option('ja', { info_tag_id: 'SPAET' }), option('nein')], true)], [['fieber', 'ja', 'INFO_TAG_TIME_SHIFT', 'error']]],
    ['an unknown tag', [question('fieber', [option('ja', { info_tag_id: 'WEG' }), option('nein')], true)], [['fieber', 'ja', 'TARGET_NOT_FOUND', 'error']]],
    [
      'a private URL',
      [question('fieber', [option('ja', { action: 'URL', target_url: 'http://192.168.1.10/info' }), option('nein')], true)],
      [['fieber', 'ja', 'URL_NOT_PUBLIC', 'error']],
    ],
  ])('refuses %s, naming question and option', (_case, questions, expected) => {
    expect(codes(questions)).toEqual(expected);
  });

  it('refuses a cycle of questions at the option that closes it, also a question leading to itself', () => {
    const a = question('a', [option('a1', { action: 'QUESTION', target_question_id: 'b' }), option('a2')], true);
    const b = question('b', [option('b1', { action: 'QUESTION', target_question_id: 'c' }), option('b2')]);
    const c = question('c', [option('c1', { action: 'QUESTION', target_question_id: 'a' }), option('c2')]);
    expect(codes([a, b, c])).toEqual([['c', 'c1', 'QUESTION_CYCLE', 'error']]);
    const self = question('s', [option('s1', { action: 'QUESTION', target_question_id: 's' }), option('s2')], true);
    expect(codes([self])).toEqual([['s', 's1', 'QUESTION_CYCLE', 'error']]);
  });

  it('refuses a URL at the kiosk, and flags a list whose intake is off for the variant without refusing', () => {
    const url = question('fieber', [option('ja', { action: 'URL', target_url: 'https://praxis.example/info' }), option('nein')], true);
    expect(codes([url])).toEqual([]);
    expect(codes([url], 'KIOSK')).toEqual([['fieber', 'ja', 'URL_AT_KIOSK', 'error']]);
    expect(codes(good, 'KIOSK')).toEqual([['rezept', 'ja2', 'QUEUE_INTAKE_OFF', 'warning']]);
  });
});

describe('isPublicWebAddress', () => {
  it.each([
    ['https://praxis.example/info', true],
    ['http://93.184.216.34/', true],
    ['https://[2001:db8::1]/', true],
    ['ftp://praxis.example/', false],
    ['praxis.example', false],
    ['http://localhost:3000/', false],
    ['http://intranet/', false],
    ['http://drucker.local/', false],
    ['http://10.0.0.1/', false],
    ['http://172.20.1.1/', false],
    ['http://127.0.0.1/', false],
    ['http://169.254.1.1/', false],
    ['http://[::1]/', false],
    ['http://[fd00::1]/', false],
    ['javascript:alert(1)', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicWebAddress(url)).toBe(expected);
  });
});

describe('walkInterview', () => {
  it('follows "nein" to the second question and ends at the booking; "ja" ends at the infection list with its tag', () => {
    expect(walkInterview(good, [{ question_id: 'fieber', option_id: 'ja' }])).toEqual({ ok: true, end: { action: 'QUEUE', queue_id: 'infekt' }, info_tag_ids: ['INF'] });
    expect(
      walkInterview(good, [
        { question_id: 'fieber', option_id: 'nein' },
        { question_id: 'rezept', option_id: 'nein2' },
      ]),
    ).toEqual({ ok: true, end: { action: 'BOOK_APPOINTMENT', appointment_type_id: 'arzt' }, info_tag_ids: [] });
  });

  it.each([
    ['no first question', [prescription], [{ question_id: 'rezept', option_id: 'ja2' }], 'NO_FIRST_QUESTION', 0],
    ['a skipped first question', good, [{ question_id: 'rezept', option_id: 'ja2' }], 'NEXT_QUESTION_NOT_FOUND', 0],
    ['an option of another question', good, [{ question_id: 'fieber', option_id: 'ja2' }], 'OPTION_NOT_FOUND', 0],
    [
      'answers after the end',
      good,
      [
        { question_id: 'fieber', option_id: 'ja' },
        { question_id: 'rezept', option_id: 'ja2' },
      ],
      'NEXT_QUESTION_NOT_FOUND',
      1,
    ],
    ['a path left half way', good, [{ question_id: 'fieber', option_id: 'nein' }], 'PATH_NOT_FINISHED', 1],
    ['no answers at all', good, [], 'PATH_NOT_FINISHED', 0],
    ['free text where none is asked', good, [{ question_id: 'fieber', option_id: 'ja', text: 'hallo' }], 'FREE_TEXT_NOT_ALLOWED', 0],
  ])('refuses %s', (_case, questions, answers, problem, index) => {
    expect(walkInterview(questions, answers)).toEqual({ ok: false, problem, index });
  });

  it('asks for the free text an option allows, and refuses it blank', () => {
    const other = question('grund', [option('sonstiges', { allow_free_text: true }), option('kontrolle')], true);
    expect(walkInterview([other], [{ question_id: 'grund', option_id: 'sonstiges', text: '  ' }])).toEqual({ ok: false, problem: 'FREE_TEXT_REQUIRED', index: 0 });
    expect(walkInterview([other], [{ question_id: 'grund', option_id: 'sonstiges', text: 'Impfung' }])).toMatchObject({ ok: true, end: { action: 'NOTHING' } });
  });

  it('takes the free text as sealed beside the answers while the practice encrypts: only the browser sees it', () => {
    const other = question('grund', [option('sonstiges', { allow_free_text: true }), option('kontrolle')], true);
    expect(walkInterview([other], [{ question_id: 'grund', option_id: 'sonstiges' }], true)).toMatchObject({ ok: true });
    expect(walkInterview([other], [{ question_id: 'grund', option_id: 'sonstiges' }])).toMatchObject({ ok: false, problem: 'FREE_TEXT_REQUIRED' });
  });

  it('lets a patient draw on this list when the interview ends with nothing or sends them here', () => {
    expect(leadsToQueue({ action: 'NOTHING' }, 'infekt')).toBe(true);
    expect(leadsToQueue({ action: 'QUEUE', queue_id: 'infekt' }, 'infekt')).toBe(true);
    expect(leadsToQueue({ action: 'QUEUE', queue_id: 'rezept' }, 'infekt')).toBe(false);
    expect(leadsToQueue({ action: 'URL', url: 'https://praxis.example' }, 'infekt')).toBe(false);
  });
});
