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
    await closeSocketsSpread(sockets, 400);
    expect(codes).toEqual(Array(200).fill(1012));
    // 20 waves of 10, 20 ms apart: the first wave at once, the last after about 380 ms.
    const first = closedAt.filter((at) => at - started < 10).length;
    expect(first).toBe(10);
    expect(Math.max(...closedAt) - started).toBeGreaterThanOrEqual(370);
  });

  it('closes at once without a spread, and does nothing without sockets', async () => {
    const codes: number[] = [];
    await closeSocketsSpread([{ close: (code: number) => codes.push(code) }], 0);
    expect(codes).toEqual([1012]);
    await closeSocketsSpread([], 1000);
  });
});
