import type { Answer } from './response-properties.js';

/**
 * Bugs the fuzz found whose fix lies in files this suite's authors may not change (app.ts,
 * platform/*). Answers that match one are counted and printed instead of failing the fuzz, so
 * the fuzz keeps finding new bugs meanwhile; known-open-bugs.test.ts pins each one with a
 * plain request and turns red the day it is fixed: then delete its entry here.
 */
export interface KnownOpenBug {
  id: string;
  /** Where the fix belongs. */
  fixIn: string;
  matches(request: { method: string; url: string; headers: Record<string, string> }, answer: Answer): boolean;
}

// None open: the fuzz's finds so far are fixed and pinned in known-open-bugs.test.ts.
export const KNOWN_OPEN_BUGS: readonly KnownOpenBug[] = [];

/** The known open bug an answer shows, if any. */
export const knownOpenBugOf = (request: Parameters<KnownOpenBug['matches']>[0], answer: Answer) => KNOWN_OPEN_BUGS.find((bug) => bug.matches(request, answer));
