import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedUser, ReportHeatmap, ReportProbing, ReportProcessors, ReportQueues, ReportSummary, ReportTimeseries } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenAnswer, givenPastAppointment, givenPastTicket, report } from '../../../test/support/reports.js';

/*
 * The figures of one hand-made day in Vienna (UTC+2 until 25 October 2026, UTC+1 after), each
 * worked out below from the seeded instants. Local 08:00 on 20 October is 06:00Z.
 */

let t: TestApp;
let admin: LoggedUser;
let queueId: string;

const at = (local: string) => new Date(`2026-10-20T${local}:00+02:00`).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  queueId = await givenQueue(t, account.accountId, { profileId });
  const processorId = admin.id;
  // Served: waits 4, 9, 24; processing 10, 20, 10. Estimates missed by +4, +4, +14.
  const a = await givenPastTicket(t, {
    queueId,
    drawn: at('08:00'),
    estimate: at('08:00'),
    called: at('08:04'),
    finished: at('08:14'),
    processorId,
    firstName: 'Anna',
    lastName: 'Alt',
  });
  const b = await givenPastTicket(t, { queueId, drawn: at('08:05'), estimate: at('08:10'), called: at('08:14'), finished: at('08:34'), processorId });
  await givenPastTicket(t, { queueId, drawn: at('08:10'), estimate: at('08:20'), called: at('08:34'), finished: at('08:44'), processorId });
  // Called after 24 minutes, 6 minutes before its estimate, then removed unserved.
  await givenPastTicket(t, { queueId, drawn: at('08:20'), estimate: at('08:50'), called: at('08:44'), finished: at('08:50'), removed: true, processorId });
  // Called after 30 minutes without an estimate; never finished.
  await givenPastTicket(t, { queueId, drawn: at('09:00'), called: at('09:30'), finished: at('09:45'), status: 'FINISHED_BY_TIMEOUT', cancelState: 'TIMEOUT' });
  await givenPastTicket(t, { queueId, drawn: at('08:30'), status: 'FINISHED_BY_USER', cancelState: 'USER', finished: at('08:40') });
  await givenPastTicket(t, { queueId, drawn: at('08:50'), status: 'WAITING', cancelState: 'PROCESSOR' });
  await givenPastTicket(t, { queueId, drawn: at('09:10'), status: 'FINISHED_BY_TIMEOUT', cancelState: 'SESSION_END', finished: at('12:00') });
  // 00:30 in Vienna is still the 19th in UTC: it counts for the 20th.
  await givenPastTicket(t, { queueId, drawn: '2026-10-19T22:30:00Z', status: 'FINISHED_BY_USER', cancelState: 'USER', origin: 'KIOSK' });
  // 00:10 on the 21st in Vienna, the 20th in UTC: not in the day.
  await givenPastTicket(t, { queueId, drawn: '2026-10-20T22:10:00Z', called: '2026-10-20T22:15:00Z', finished: '2026-10-20T22:20:00Z' });
  // The day before: served (wait 6, processing 12), and one cancelled at 23:30 Vienna time.
  await givenPastTicket(t, { queueId, drawn: '2026-10-19T08:00:00Z', called: '2026-10-19T08:06:00Z', finished: '2026-10-19T08:18:00Z', processorId });
  await givenPastTicket(t, { queueId, drawn: '2026-10-19T21:30:00Z', status: 'FINISHED_BY_USER', cancelState: 'USER' });
  await givenPastAppointment(t, queueId, at('10:00'));
  await givenPastAppointment(t, queueId, at('10:30'), { cancelState: 'USER' });
  await givenPastAppointment(t, queueId, at('11:00'), { status: 'NO_SHOW' });
  await givenAnswer(t, a, 1, 'Worum geht es?', 'Rezept');
  await givenAnswer(t, b, 1, 'Worum geht es?', 'Rezept');
  await givenAnswer(t, b, 2, 'Seit wann?', 'Heute');
});
afterAll(async () => t.close());

const day = { from: '2026-10-20', to: '2026-10-20' };

describe('GET /reports/summary: a day worked out by hand', () => {
  it('counts, percentiles, the honesty of estimates and appointments; the day before as the previous period', async () => {
    const summary = await report<ReportSummary>(t, admin, 'summary', day);
    expect(summary).toMatchObject({ from: '2026-10-20', to: '2026-10-20', previous_from: '2026-10-19', previous_to: '2026-10-19' });
    expect(summary.current).toEqual({
      drawn: 9,
      served: 3,
      cancelled_by_patient: 2,
      // The cancel and the removal.
      cancelled_by_staff: 2,
      timed_out: 1,
      session_end: 1,
      // Waits of the called: 4, 9, 24, 24, 30. p90 lies 0.6 of the way from 24 to 30.
      wait_p50_min: 24,
      wait_p90_min: 27.6,
      // Served: 10, 10, 20. p90 lies 0.8 of the way from 10 to 20.
      processing_p50_min: 10,
      processing_p90_min: 18,
      // Called vs. first estimate: +4, +4, +14, −6 → three within 5 minutes; distances 4, 4, 6, 14.
      within_estimate_share: 0.75,
      estimate_error_p50_min: 5,
      appointments_booked: 3,
      appointments_cancelled: 1,
      appointments_no_show: 1,
    });
    expect(summary.previous).toMatchObject({ drawn: 2, served: 1, cancelled_by_patient: 1, wait_p50_min: 6, wait_p90_min: 6, processing_p50_min: 12, appointments_booked: 0 });
  });

  it('filters narrow the figures: origin, processor', async () => {
    const kiosk = await report<ReportSummary>(t, admin, 'summary', { ...day, origin: 'KIOSK' });
    expect(kiosk.current).toMatchObject({ drawn: 1, cancelled_by_patient: 1, appointments_booked: 0 });
    const byAdmin = await report<ReportSummary>(t, admin, 'summary', { ...day, processor_id: admin.id });
    expect(byAdmin.current).toMatchObject({ drawn: 4, served: 3, cancelled_by_staff: 1 });
  });

  it('an empty period has zeros and no percentiles', async () => {
    const empty = await report<ReportSummary>(t, admin, 'summary', { from: '2025-01-01', to: '2025-01-31' });
    expect(empty.current).toMatchObject({ drawn: 0, wait_p50_min: null, within_estimate_share: null });
    expect(empty).toMatchObject({ previous_from: '2024-12-01', previous_to: '2024-12-31' });
  });

  it('refuses a reversed or too long period with field messages', async () => {
    const reversed = await t.inject({ method: 'GET', url: '/reports/summary?from=2026-10-20&to=2026-10-19', headers: asUser(admin) });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ code: string; fields: Record<string, string> }>().fields).toHaveProperty('to');
  });
});

describe('the breakdowns of the day', () => {
  it('the heatmap counts draws by weekday and local hour', async () => {
    const { cells } = await report<ReportHeatmap>(t, admin, 'heatmap', day);
    expect(cells).toHaveLength(168);
    // Tuesday: 00:30 (1), 08:xx (6), 09:xx (2).
    const tuesday = (hour: number) => cells.find((cell) => cell.weekday === 2 && cell.hour === hour)?.arrivals;
    expect([tuesday(0), tuesday(8), tuesday(9), tuesday(10)]).toEqual([1, 6, 2, 0]);
    expect(cells.reduce((sum, cell) => sum + cell.arrivals, 0)).toBe(9);
  });

  it('per processor: served and the median processing time', async () => {
    const { processors } = await report<ReportProcessors>(t, admin, 'processors', day);
    expect(processors).toEqual([{ processor_id: admin.id, name: expect.any(String) as string, served: 3, processing_p50_min: 10 }]);
  });

  it('per list: drawn, served and the wait', async () => {
    const { queues } = await report<ReportQueues>(t, admin, 'queues', day);
    expect(queues).toEqual([expect.objectContaining({ queue_id: queueId, drawn: 9, served: 3, wait_p50_min: 24, wait_p90_min: 27.6 })]);
  });

  it('answers counted per option, questions in the order they were asked', async () => {
    const { answers } = await report<ReportProbing>(t, admin, 'probing', day);
    expect(answers).toEqual([
      { question_text: 'Worum geht es?', option_text: 'Rezept', count: 2 },
      { question_text: 'Seit wann?', option_text: 'Heute', count: 1 },
    ]);
  });

  it('the timeseries by hour has every hour of the day, the figures in theirs', async () => {
    const series = await report<ReportTimeseries>(t, admin, 'timeseries', { ...day, bucket: 'hour' });
    expect(series.points).toHaveLength(24);
    const eight = series.points.find((point) => point.start === '2026-10-20T08:00');
    // Waits of the hour's called: 4, 9, 24, 24.
    expect(eight).toMatchObject({ drawn: 6, served: 3, wait_p50_min: 16.5 });
    expect(series.points.find((point) => point.start === '2026-10-20T10:00')).toMatchObject({ drawn: 0, appointments_booked: 2 });
  });
});
