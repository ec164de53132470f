import { beforeAll, describe, expect, it } from 'vitest';
import { installZodErrorCodes } from '../validation/zod-codes.js';
import { hasAtMostLines, QUEUE_DEFAULTS, QUEUE_SETTING_NAMES } from './queue-settings.js';
import { CreateQueueInput, Queue, queueConfigProblems, UpdateQueueInput } from './queues.schemas.js';

const none = { number_start: null, number_end: null, min_age: null, max_age: null };

describe('queueConfigProblems', () => {
  it.each([
    [{}, {}],
    [{ number_start: 5 }, {}],
    [{ number_start: 5, number_end: 5 }, {}],
    [{ number_end: 9 }, { number_end: 'NUMBER_END_NEEDS_START' }],
    [{ number_start: 10, number_end: 9 }, { number_end: 'NUMBER_RANGE' }],
    [{ min_age: 18, max_age: 18 }, {}],
    [{ min_age: 19, max_age: 18 }, { max_age: 'AGE_RANGE' }],
    [{ max_age: 5 }, {}],
    [
      { number_end: 1, min_age: 3, max_age: 2 },
      { number_end: 'NUMBER_END_NEEDS_START', max_age: 'AGE_RANGE' },
    ],
    // An age limit needs the birth date required, where the change judges it.
    [{ max_age: 5, birth_date: 'OPTIONAL' as const }, { 'patient_inputs.birth_date': 'AGE_NEEDS_BIRTH_DATE' }],
    [{ min_age: 18, birth_date: 'NONE' as const }, { 'patient_inputs.birth_date': 'AGE_NEEDS_BIRTH_DATE' }],
    [{ min_age: 18, birth_date: 'REQUIRED' as const }, {}],
    [{ birth_date: 'NONE' as const }, {}],
  ])('%o → %o', (fields, problems) => expect(queueConfigProblems({ ...none, ...fields })).toEqual(problems));
});

describe('hasAtMostLines', () => {
  it.each([
    ['', 3, true],
    ['a\nb\nc', 3, true],
    ['a\nb\nc\n', 3, true],
    ['a\r\nb\r\nc\r\nd', 3, false],
    ['a\n\n\nd', 3, false],
  ])('%j with at most %d lines → %s', (text, max, ok) => expect(hasAtMostLines(text, max)).toBe(ok));
});

describe('CreateQueueInput', () => {
  beforeAll(() => installZodErrorCodes());
  const base = { profile_id: 'p', name: 'Q', identifier: 'q' };
  const issues = (value: unknown) => (CreateQueueInput.safeParse(value).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it.each([
    [{ min_age: 0 }, [['min_age', 'AGE_ZERO']]],
    [{ number_end: 3 }, [['number_end', 'NUMBER_END_NEEDS_START']]],
    [{ priority: 10 }, []],
    [{ priority: 11 }, [['priority', 'INVALID_VALUE']]],
    [{ color: '#abcdef', accent_color: '#ABCDEF' }, []],
    [{ color: '#abcdeg' }, [['color', 'INVALID_COLOR']]],
  ])('%o → %j', (override, expected) => expect(issues({ ...base, ...override })).toEqual(expected));
});

// Issue 45: the schemas hold the declared list settings and nothing else, in the declared order
// (the order of docs/openapi.json), and every declared default is a value the API takes and shows.
describe('the queue schemas and the declared list settings', () => {
  it('take and show exactly the declared settings beside the list’s own fields', () => {
    expect(Object.keys(UpdateQueueInput.shape)).toEqual(['name', 'identifier', ...QUEUE_SETTING_NAMES]);
    expect(Object.keys(Queue.shape)).toEqual(['id', 'profile_id', 'name', 'identifier', ...QUEUE_SETTING_NAMES, 'session']);
  });

  it.each(QUEUE_SETTING_NAMES)('%s: the declared default is valid input and output', (name) => {
    expect(UpdateQueueInput.shape[name].safeParse(QUEUE_DEFAULTS[name]).success).toBe(true);
    expect(Queue.shape[name].safeParse(QUEUE_DEFAULTS[name]).success).toBe(true);
  });
});
