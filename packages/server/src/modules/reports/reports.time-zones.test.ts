import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedUser, ReportHeatmap, ReportSummary, ReportTimeseries } from '@wartefrei/shared';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { asUser, givenAdmin, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { givenPastTicket, report } from '../../../test/support/reports.js';

/*
 * Buckets follow the practice's clock across both changes of 2026 in Vienna: on 29 March 02:00
 * CET jumps to 03:00 CEST (01:00Z), on 25 October 03:00 CEST falls back to 02:00 CET (01:00Z).
 */

let t: TestApp;
let admin: LoggedUser;

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const profileId = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  const queueId = await givenQueue(t, account.accountId, { profileId });
  // Spring: 01:30 CET (00:30Z), 03:30 CEST (01:30Z).
  await givenPastTicket(t, { queueId, drawn: '2026-03-29T00:30:00Z', called: '2026-03-29T00:40:00Z', finished: '2026-03-29T00:50:00Z' });
  await givenPastTicket(t, { queueId, drawn: '2026-03-29T01:30:00Z', called: '2026-03-29T01:50:00Z', finished: '2026-03-29T02:00:00Z' });
  // Autumn: 02:30 CEST (00:30Z), 02:30 CET again (01:30Z), 03:30 CET (02:30Z); 23:30 CET (22:30Z).
  await givenPastTicket(t, { queueId, drawn: '2026-10-25T00:30:00Z', called: '2026-10-25T00:35:00Z', finished: '2026-10-25T00:45:00Z' });
  await givenPastTicket(t, { queueId, drawn: '2026-10-25T01:30:00Z', called: '2026-10-25T01:45:00Z', finished: '2026-10-25T01:55:00Z' });
  await givenPastTicket(t, { queueId, drawn: '2026-10-25T02:30:00Z', called: '2026-10-25T02:31:00Z', finished: '2026-10-25T02:41:00Z' });
  await givenPastTicket(t, { queueId, drawn: '2026-10-25T22:30:00Z', status: 'FINISHED_BY_USER', cancelState: 'USER' });
});
afterAll(async () => t.close());

describe('timeseries across the changes of the clock', () => {
  it('spring: 23 hours, no 02:00; 01:30 CET and 03:30 CEST in their hours', async () => {
    const { points } = await report<ReportTimeseries>(t, admin, 'timeseries', { from: '2026-03-29', to: '2026-03-29', bucket: 'hour' });
    expect(points).toHaveLength(23);
    expect(points.map((point) => point.start)).not.toContain('2026-03-29T02:00');
    expect(points.filter((point) => point.drawn > 0).map((point) => [point.start, point.drawn, point.wait_p50_min])).toEqual([
      ['2026-03-29T01:00', 1, 10],
      ['2026-03-29T03:00', 1, 20],
    ]);
  });

  it('autumn: the hour from 02:00 happens twice and holds both; 24 labels for 25 hours', async () => {
    const { points } = await report<ReportTimeseries>(t, admin, 'timeseries', { from: '2026-10-25', to: '2026-10-25', bucket: 'hour' });
    expect(points).toHaveLength(24);
    expect(points.filter((point) => point.drawn > 0).map((point) => [point.start, point.drawn])).toEqual([
      ['2026-10-25T02:00', 2],
      ['2026-10-25T03:00', 1],
      ['2026-10-25T23:00', 1],
    ]);
    // Waits 5 and 15 in the doubled hour.
    expect(points.find((point) => point.start === '2026-10-25T02:00')?.wait_p50_min).toBe(10);
  });

  it('days and weeks by the local date: 23:30 CET on the 25th is the 25th, the week starts on Monday', async () => {
    const days = await report<ReportTimeseries>(t, admin, 'timeseries', { from: '2026-10-24', to: '2026-10-26', bucket: 'day' });
    expect(days.points.map((point) => [point.start, point.drawn])).toEqual([
      ['2026-10-24T00:00', 0],
      ['2026-10-25T00:00', 4],
      ['2026-10-26T00:00', 0],
    ]);
    const weeks = await report<ReportTimeseries>(t, admin, 'timeseries', { from: '2026-10-20', to: '2026-11-02', bucket: 'week' });
    expect(weeks.points.map((point) => [point.start, point.drawn])).toEqual([
      ['2026-10-19T00:00', 4],
      ['2026-10-26T00:00', 0],
      ['2026-11-02T00:00', 0],
    ]);
  });

  it('the summary of the autumn day counts all four; its heatmap puts both 02:30s at Sunday 2 o’clock', async () => {
    const summary = await report<ReportSummary>(t, admin, 'summary', { from: '2026-10-25', to: '2026-10-25' });
    expect(summary.current).toMatchObject({ drawn: 4, served: 3, cancelled_by_patient: 1 });
    const { cells } = await report<ReportHeatmap>(t, admin, 'heatmap', { from: '2026-10-25', to: '2026-10-25' });
    expect(cells.filter((cell) => cell.arrivals > 0)).toEqual([
      { weekday: 7, hour: 2, arrivals: 2 },
      { weekday: 7, hour: 3, arrivals: 1 },
      { weekday: 7, hour: 23, arrivals: 1 },
    ]);
  });

  it('hour buckets cover at most 31 days', async () => {
    const res = await t.inject({ method: 'GET', url: '/reports/timeseries?from=2026-01-01&to=2026-03-01&bucket=hour', headers: asUser(admin) });
    expect(res.statusCode).toBe(400);
  });
});
