import type { ApiError } from '@wartefrei/shared';

/** Sends `n` requests at the same time (`send(i)` for the i-th) and waits for every answer. */
export const atOnce = <T>(n: number, send: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => send(i)));

/**
 * How many answers had each outcome: `"201"`, `"409 MEMBER_STATE"`, ... — one comparison
 * that shows every unexpected status and error code at once when it fails.
 */
export function outcomes(answers: { status: number; body: Partial<ApiError> }[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = status < 300 ? String(status) : `${status} ${body.code ?? '?'}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}
