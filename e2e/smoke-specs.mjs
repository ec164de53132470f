// The end-to-end smoke specs: the few files `npm test` also runs with the server on Node 24
// (scripts/test.mjs), while every spec runs on the Node of the machine. Together they walk what
// a practice cannot do without: a patient draws, staff call, the ticket page says so live
// (ticket); a patient books, moves and cancels an appointment (booking); staff sign in (auth);
// the waiting room's monitor shows the call (monitor). Paths as vitest's file filters take them.
export const smokeSpecs = ['e2e/specs/ticket.e2e.ts', 'e2e/specs/booking.e2e.ts', 'e2e/specs/auth.e2e.ts', 'e2e/specs/monitor.e2e.ts'];
