// The patient pages' JS budgets (issue 44 §2), in gzipped bytes (KB = 1,000 bytes), and what each
// page loads, as keys of Vite's manifest (dist/.vite/manifest.json): the entry, the patient app's
// start, the screen's chunk, and what the screen fetches at once at runtime. Everything these
// import statically counts too (scripts/js-budgets/closure.mjs). The one place for the budgets:
// the budget test (scripts/js-budgets/page-budgets.check.mjs) fails a build that exceeds one by
// more than 5 %, and the bench (bench/page-js.mjs) reports each page against its budget
// (docs/performance.md#js-budgets-of-the-patient-pages). A screen that fetches a chunk at once
// when it opens lists that chunk here too: the bench's browser figure would show it.
const patientApp = ['index.html', 'src/features/patient/app/start.tsx'];
const screen = (file) => [...patientApp, `src/features/patient/${file}`];

export const PAGE_BUDGETS = {
  // Issue 44 §2's three: the page every patient opens first, their ticket, the booking page.
  draw: { budget_bytes: 100_000, chunks: screen('draw/DrawScreen.tsx') },
  ticket: { budget_bytes: 90_000, chunks: screen('ticket/TicketScreen.tsx') },
  book: { budget_bytes: 100_000, chunks: screen('booking/BookScreen.tsx') },
  // The other patient screens the bench opens on the demo practice, at their size of issue 44
  // plus a margin, so that none grows unnoticed.
  kiosk: { budget_bytes: 125_000, chunks: screen('kiosk/KioskScreen.tsx') },
  monitor: { budget_bytes: 95_000, chunks: screen('monitor/MonitorScreen.tsx') },
  embed: { budget_bytes: 100_000, chunks: screen('embed/EmbedScreen.tsx') },
};
