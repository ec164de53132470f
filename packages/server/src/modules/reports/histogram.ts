/**
 * Mergeable duration histograms (docs/architecture.md#daily-aggregates-of-reports): a count per bucket of
 * REPORT_BUCKET_MINUTES, summed across list-days, and the percentile PostgreSQL's
 * `percentile_cont` would give, estimated from them.
 *
 * The error bound: `percentile_cont` interpolates between two order statistics; each is
 * estimated inside its own bucket (evenly spread there), so it is off by less than one bucket
 * width, and so is their interpolation. With 0.5 min buckets a percentile is within 0.5 min of
 * the exact value before both are rounded to one decimal.
 */

export const REPORT_BUCKET_MINUTES = 0.5;

/** bucket index → how many values fell in it. */
export type Histogram = Map<number, number>;

export function addToHistogram(into: Histogram, bucket: number, count: number): void {
  into.set(bucket, (into.get(bucket) ?? 0) + count);
}

export function mergeHistograms(into: Histogram, from: Histogram): void {
  for (const [bucket, count] of from) addToHistogram(into, bucket, count);
}

/** `percentile_cont(p)` of the values behind `histogram`, in minutes with one decimal; null when empty. */
export function histogramPercentile(histogram: Histogram, p: number, width = REPORT_BUCKET_MINUTES): number | null {
  const buckets = [...histogram].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return null;
  const rank = p * (total - 1);
  const below = Math.floor(rank);
  /** The k-th smallest value (0-based), placed evenly inside its bucket. */
  const orderStatistic = (k: number): number => {
    let before = 0;
    for (const [bucket, count] of buckets) {
      if (k < before + count) return (bucket + (k - before + 0.5) / count) * width;
      before += count;
    }
    const [lastBucket] = buckets[buckets.length - 1]!;
    return (lastBucket + 1) * width;
  };
  const low = orderStatistic(below);
  const value = rank === below ? low : low + (rank - below) * (orderStatistic(below + 1) - low);
  return Math.round(value * 10) / 10;
}
