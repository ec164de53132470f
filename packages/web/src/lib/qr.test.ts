import { describe, expect, it } from 'vitest';
import { qrPath } from './qr';

describe('qrPath', () => {
  it('draws a square code with a quiet zone for a ticket link', () => {
    const { size, path } = qrPath('https://wartefrei.example/t/7c0c3f0e-6a52-4b7a-9d55-1f2b4f1d8e01');
    // Version 4 (33 modules) for this length at level M, plus 2 modules of border on each side.
    expect(size).toBeGreaterThanOrEqual(33 + 4);
    expect(path.startsWith('M2 2h1v1h-1z')).toBe(true); // the top-left finder pattern begins at the border
    expect(path).not.toContain('M0 0');
  });

  it('encodes different texts differently', () => {
    expect(qrPath('https://a.example/t/1').path).not.toBe(qrPath('https://a.example/t/2').path);
  });
});
