import type { ButtonVisibility, NameOrder } from '../enums.js';

/*
 * How a processor's own settings meet their list's (docs/product.md#processor-settings). A
 * processor's button visibility and name order have no "unset" value: the defaults (EVERYBODY,
 * FIRST_LAST) leave the list's setting in force, anything else is the processor's own choice.
 */

const STRICTNESS: Record<ButtonVisibility, number> = { EVERYBODY: 0, ADMINS_ONLY: 1, NOBODY: 2 };

/**
 * Who may press a session button for this processor: their own visibility, where set, narrows the
 * list's (the stricter wins) — never widens it, as the default EVERYBODY would otherwise open
 * every list's restricted buttons.
 */
export function buttonVisibilityFor(list: ButtonVisibility, own: ButtonVisibility): ButtonVisibility {
  return STRICTNESS[own] > STRICTNESS[list] ? own : list;
}

/** The name order this processor reads: their own LAST_FIRST replaces the list's; the default leaves it. */
export function nameOrderFor(list: NameOrder, own: NameOrder): NameOrder {
  return own === 'LAST_FIRST' ? own : list;
}
