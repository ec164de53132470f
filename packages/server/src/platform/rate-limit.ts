/**
 * A counter per key over a fixed window, in this process's memory: cheap enough to sit in
 * front of every public draw. With several nodes each counts its own share, so the effective
 * limit is at most nodes × limit — still a hard cap on what one address can do. Keys of past
 * windows are dropped as the window turns, so memory stays bounded by the keys of one window.
 */
export interface RateLimiter {
  /** Counts one hit; answers whether it is within the limit, and else the seconds until the window turns. */
  hit(key: string, now: Date): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

export function createRateLimiter(options: { limit: number; windowSeconds: number }): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    hit(key, now) {
      const start = Math.floor(now.getTime() / windowMs) * windowMs;
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      if (n <= options.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
    },
  };
}
