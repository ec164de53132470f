import { describe, expect, it } from 'vitest';
import { histogramPercentile, REPORT_BUCKET_MINUTES, type Histogram } from './histogram.js';

/** percentile_cont as PostgreSQL computes it, on the exact values. */
function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (rank - low) * ((sorted[low + 1] ?? sorted[low]!) - sorted[low]!);
}

function histogramOf(values: number[]): Histogram {
  const histogram: Histogram = new Map();
  for (const value of values) {
    const bucket = Math.floor(value / REPORT_BUCKET_MINUTES);
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + 1);
  }
  return histogram;
}

describe('histogramPercentile', () => {
  it('is null for no values', () => {
    expect(histogramPercentile(new Map(), 0.5)).toBeNull();
  });

  it.each([
    ['one value', [7.3]],
    ['two far apart', [1, 60]],
    ['a dense spread', Array.from({ length: 500 }, (_, i) => ((i * 37) % 41) + (i % 7) / 7)],
    ['a gap between clusters', [...Array.from({ length: 9 }, () => 2.2), ...Array.from({ length: 9 }, () => 30.9)]],
    ['negative and positive', [-3.2, -0.1, 0, 0.24, 4.75, 12]],
  ])('stays within one bucket of percentile_cont: %s', (_, values) => {
    for (const p of [0, 0.1, 0.5, 0.9, 1]) {
      const estimate = histogramPercentile(histogramOf(values), p)!;
      expect(Math.abs(estimate - exactPercentile(values, p))).toBeLessThan(REPORT_BUCKET_MINUTES + 0.05);
    }
  });

  it('places a lone value in the middle of its bucket', () => {
    expect(histogramPercentile(new Map([[20, 1]]), 0.5)).toBe(10.3);
  });
});
