import './practice-logo.css';

type Placement = 'NONE' | 'TOP' | 'BOTTOM';

/**
 * The practice's logo where a list's logo position puts it (`at` is this spot: above or below
 * the content). A plain <img> from the content-hashed, long-cached URL: nothing to download for
 * the page's script. The alt text is empty on purpose: the practice's and list's names are
 * written on every screen that shows it, so the logo is decoration for a screen reader.
 */
export function PracticeLogo({ url, placement, at, className }: { url: string | null | undefined; placement: Placement | undefined; at: 'TOP' | 'BOTTOM'; className?: string }) {
  if (!url || placement !== at) return null;
  return <img className={`practice-logo practice-logo-${at.toLowerCase()}${className ? ` ${className}` : ''}`} src={url} alt="" data-testid="practice-logo" />;
}
