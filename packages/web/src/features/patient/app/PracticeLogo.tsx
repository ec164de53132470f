import type { CSSProperties } from 'react';
import './practice-logo.css';

type Placement = 'NONE' | 'TOP' | 'BOTTOM';

/**
 * The practice's logo where a list's logo position puts it (`at` is this spot: above or below
 * the content). A plain <img> from the content-hashed, long-cached URL: nothing to download for
 * the page's script. The alt text is empty on purpose: the practice's and list's names are
 * written on every screen that shows it, so the logo is decoration for a screen reader.
 */
export function PracticeLogo({
  url,
  size,
  placement,
  at,
  className,
}: {
  url: string | null | undefined;
  /** Its stored size: the browser keeps the logo's place before it loads, so nothing below moves. */
  size?: { width: number; height: number } | null;
  placement: Placement | undefined;
  at: 'TOP' | 'BOTTOM';
  className?: string;
}) {
  if (!url || placement !== at) return null;
  return (
    <img
      className={`practice-logo practice-logo-${at.toLowerCase()}${className ? ` ${className}` : ''}`}
      src={url}
      width={size?.width}
      height={size?.height}
      style={size ? ({ '--logo-width': `${size.width}px`, '--logo-ratio': size.width / size.height } as CSSProperties) : undefined}
      alt=""
      // Decoration: the number and texts come first on a slow line, the logo after them.
      fetchPriority="low"
      data-testid="practice-logo"
    />
  );
}
