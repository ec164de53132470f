import type { ReactNode } from 'react';

/**
 * A table wider than a phone scrolls sideways in here; the region takes focus so that the
 * keyboard can scroll it too, and says what it holds.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
