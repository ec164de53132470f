import { describe, expect, it } from 'vitest';
import { closeSocketsSpread } from './shutdown.js';

describe('closeSocketsSpread', () => {
  it('tells every socket 1012 once, in waves over the spread, not all at once', async () => {
    const closedAt: number[] = [];
    const codes: number[] = [];
    const sockets = Array.from({ length: 200 }, () => ({
      close: (code: number) => {
        codes.push(code);
        closedAt.push(performance.now());
      },
    }));
    const started = performance.now();
    const closing = closeSocketsSpread(sockets, 400);
    // 20 waves of 10, 20 ms apart: the first wave at once, before the first wait (counted, not
    // timed: a loaded CI machine once took more than 10 ms for it), the last after about 380 ms.
    expect(codes).toHaveLength(10);
    await closing;
    expect(codes).toEqual(Array(200).fill(1012));
    expect(Math.max(...closedAt) - started).toBeGreaterThanOrEqual(370);
  });

  it('closes at once without a spread, and does nothing without sockets', async () => {
    const codes: number[] = [];
    await closeSocketsSpread([{ close: (code: number) => codes.push(code) }], 0);
    expect(codes).toEqual([1012]);
    await closeSocketsSpread([], 1000);
  });
});
