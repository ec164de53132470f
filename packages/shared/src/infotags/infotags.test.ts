import { beforeAll, describe, expect, it } from 'vitest';
import { installZodErrorCodes } from '../validation/zod-codes.js';
import { CreateInfoTagInput, UpdateInfoTagInput, infoTagDelayProblem, type InfoTagDelay } from './infotags.schemas.js';

beforeAll(() => installZodErrorCodes());

describe('infoTagDelayProblem', () => {
  it.each([
    ['NONE', 0, undefined],
    ['NONE', 5, 'NO_DELAY_MUST_BE_ZERO'],
    ['EARLIER', 10, undefined],
    ['EARLIER', 0, 'DELAY_MINUTES_REQUIRED'],
    ['LATER', 1, undefined],
    ['LATER', 0, 'DELAY_MINUTES_REQUIRED'],
  ] as [InfoTagDelay, number, string | undefined][])('%s with %i minutes → %s', (delay, minutes, problem) => {
    expect(infoTagDelayProblem(delay, minutes)).toBe(problem);
  });
});

describe('CreateInfoTagInput', () => {
  const issues = (input: unknown) => {
    const result = CreateInfoTagInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it.each([
    [{ name: 'Rezept' }, []],
    [{ name: 'Ab10Zeichen' }, [['name', 'MAX_LENGTH']]],
    [{ name: '' }, [['name', 'REQUIRED']]],
    [{ name: 'Spät', delay_minutes: 15 }, [['delay_minutes', 'NO_DELAY_MUST_BE_ZERO']]],
    [{ name: 'Spät', delay: 'LATER' }, [['delay_minutes', 'DELAY_MINUTES_REQUIRED']]],
    [{ name: 'Spät', delay: 'LATER', delay_minutes: 15 }, []],
    [{ name: 'Spät', delay: 'SOON', delay_minutes: 15 }, [['delay', 'INVALID_VALUE']]],
    [{ name: 'Spät', delay_minutes: -1 }, [['delay_minutes', 'INVALID_VALUE']]],
    [{ name: 'Farbe', color: '#12345' }, [['color', 'INVALID_VALUE']]],
  ])('%o → %o', (input, expected) => {
    expect(issues(input)).toEqual(expected);
  });

  it('checks a PATCH only when both halves of the delay are sent', () => {
    expect(UpdateInfoTagInput.safeParse({ delay_minutes: 15 }).success).toBe(true);
    expect(UpdateInfoTagInput.safeParse({ delay: 'NONE', delay_minutes: 15 }).error?.issues[0]?.message).toBe('NO_DELAY_MUST_BE_ZERO');
  });
});
