/*
 * Two rules about a processor on a list (docs/product.md#roles-and-permissions), once for both
 * sides. No zod here: the work view and the server read the same functions.
 */

/** An assignment to a list as stored: the flag, and the announced return of a pause. */
export interface StoredActivity {
  active: boolean;
  inactiveUntil: Date | null;
}

/**
 * Whether a processor actively processes a list at `now`: switched on, or on a pause whose
 * announced return has passed, whether or not its end job has run yet (a runner that is down or
 * behind must not keep a returned processor away). The server's SQL form of the same rule is
 * `activeNowSql` beside the table (packages/server db/schema/processors.ts).
 */
export function isActiveNow(assignment: StoredActivity, now: Date): boolean {
  return assignment.active || (assignment.inactiveUntil !== null && assignment.inactiveUntil.getTime() <= now.getTime());
}

/** What decides whether someone may choose who serves a ticket of a list. */
export interface ProcessorChoiceRight {
  isAdmin: boolean;
  /** They actively process the list now (isActiveNow); false when only managing or not assigned. */
  activeNow: boolean;
  /** The list's allow_actual_processor_selection_for_non_active_processors. */
  managersMayChoose: boolean;
}

/**
 * Whether the caller may choose who serves a ticket in processing: an administrator, whoever
 * actively processes the list, and one who only manages it where the list allows that. The
 * server refuses others with PROCESSOR_SELECTION_NOT_ALLOWED; the work view hides the choice.
 */
export function mayChooseServingProcessor({ isAdmin, activeNow, managersMayChoose }: ProcessorChoiceRight): boolean {
  return isAdmin || activeNow || managersMayChoose;
}
