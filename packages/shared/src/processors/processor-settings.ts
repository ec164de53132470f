import type { ButtonVisibility, NameOrder } from '../enums.js';

/*
 * How a processor's own settings meet their list's (docs/product.md#processor-settings): button
 * visibility and name order are "not set" (null) by default, and then the list's apply; where an
 * admin set them for a processor, they override the list's for that processor — either way.
 */

/** Who may press a session button for this processor: their own visibility where set, else the list's. */
export function buttonVisibilityFor(list: ButtonVisibility, own: ButtonVisibility | null): ButtonVisibility {
  return own ?? list;
}

/** The name order this processor reads: their own where set, else the list's. */
export function nameOrderFor(list: NameOrder, own: NameOrder | null): NameOrder {
  return own ?? list;
}
