import { encode } from 'uqr';

/**
 * A QR code as one SVG path (each dark module a 1×1 square, quiet zone included), for the
 * kiosk's printed ticket and the rollout center. Error correction M: a slightly smudged thermal
 * print still scans.
 */
export function qrPath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const parts: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
  return { size, path: parts.join('') };
}
