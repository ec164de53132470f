/** Relative luminance of a `#rrggbb` colour (WCAG 2.x). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Text colour on a queue's colour: black or white, whichever contrasts more, so a queue painted
 * in any colour stays readable from across the room. Not a colour: the monitor's own.
 */
export function textOn(background: string | null | undefined): { background?: string; color?: string } {
  if (!background || !/^#[0-9a-f]{6}$/i.test(background)) return {};
  const l = luminance(background);
  return { background, color: contrast(l, 1) >= contrast(l, 0) ? '#ffffff' : '#000000' };
}
