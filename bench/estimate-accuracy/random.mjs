// A small seeded PRNG and the distributions the simulated day draws from: the same seed gives
// the same day on every machine, so runs compare.

/** mulberry32: a 32-bit seeded generator of uniform numbers in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A seed from several integers (scenario, day, stream), so each stream of each day is independent. */
export function seedOf(...parts) {
  let h = 2_166_136_261;
  for (const part of parts) {
    h ^= part >>> 0;
    h = Math.imul(h, 16_777_619) >>> 0;
    h ^= h >>> 13;
  }
  return h >>> 0;
}

/** Exponentially distributed with this mean (the gap between Poisson arrivals). */
export const exponential = (random, mean) => -Math.log(1 - random()) * mean;

/** Standard normal by Box–Muller (one of the pair; simplicity over speed). */
function normal(random) {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Lognormal with this mean and coefficient of variation: right-skewed like real visit lengths. */
export function lognormal(random, mean, cv) {
  const sigma2 = Math.log(1 + cv * cv);
  return Math.exp(Math.log(mean) - sigma2 / 2 + Math.sqrt(sigma2) * normal(random));
}

/** Uniform in [low, high). */
export const uniform = (random, low, high) => low + (high - low) * random();
