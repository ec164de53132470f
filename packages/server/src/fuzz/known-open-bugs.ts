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

export const KNOWN_OPEN_BUGS: readonly KnownOpenBug[] = [
  {
    id: 'plain GET /ws answers 404 without a body',
    fixIn: 'platform/realtime/realtime.routes.ts: answer a non-upgrade request with a coded JSON error',
    matches: (request, answer) => request.url.split('?')[0] === '/ws' && answer.statusCode === 404 && answer.body === '',
  },
];

/** The known open bug an answer shows, if any. */
export const knownOpenBugOf = (request: Parameters<KnownOpenBug['matches']>[0], answer: Answer) =>
  KNOWN_OPEN_BUGS.find((bug) => bug.matches(request, answer));
