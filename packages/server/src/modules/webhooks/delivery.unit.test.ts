import { describe, expect, it } from 'vitest';
import { signingSecrets, webhookRetryDelayMs, WEBHOOK_RETRY_WINDOW_MS } from './delivery.js';

describe('the retry schedule', () => {
  it.each([
    [1, 15_000, 20_000],
    [2, 45_000, 60_000],
    [3, 135_000, 180_000],
    [9, 10_800_000, 14_400_000],
    [30, 10_800_000, 14_400_000],
  ])('retry %i waits between %i and %i ms (a quarter of jitter, at most 4 h)', (attempt, least, most) => {
    expect(webhookRetryDelayMs(attempt, () => 1)).toBe(least);
    expect(webhookRetryDelayMs(attempt, () => 0)).toBe(most);
  });

  it('the first retry comes within a minute; 24 hours take about a dozen attempts even at the longest waits', () => {
    expect(webhookRetryDelayMs(1)).toBeLessThanOrEqual(60_000);
    let elapsed = 0;
    let attempts = 1;
    while (elapsed < WEBHOOK_RETRY_WINDOW_MS) elapsed += webhookRetryDelayMs(attempts++, () => 0);
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(attempts).toBeLessThanOrEqual(14);
  });
});

describe('which secrets sign', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  it.each([
    ['no rotation', null, null, ['whsec_new']],
    ['within 24 h of a rotation', 'whsec_old', '2026-11-29T11:00:00Z', ['whsec_new', 'whsec_old']],
    ['after the 24 h', 'whsec_old', '2026-11-28T12:00:00Z', ['whsec_new']],
  ])('%s', (_why, previous, until, expected) => {
    expect(signingSecrets({ secret: 'whsec_new', previousSecret: previous, previousSecretUntil: until ? new Date(until) : null }, now)).toEqual(expected);
  });
});
