/**
 * Text colour on a queue's colour, by docs/product.md#constants-and-limits: white when the colour's channels (0–255 each)
 * add up to less than 450, else black — the same rule as everywhere else in the product.
 * Not a `#rrggbb` colour: nothing, so the monitor's own colours apply.
 */
export function textOn(background: string | null | undefined): { background?: string; color?: string } {
  if (!background || !/^#[0-9a-f]{6}$/i.test(background)) return {};
  const sum = [1, 3, 5].reduce((total, i) => total + parseInt(background.slice(i, i + 2), 16), 0);
  return { background, color: sum < 450 ? '#ffffff' : '#000000' };
}
