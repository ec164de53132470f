import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LoggedUser, ReportFigures, ReportHeatmap, ReportSummary, ReportTimeseries } from '@wartefrei/shared';
import { appointmentTypes, infoTags } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { givenAdmin, givenProcessor, givenProfile, givenQueue } from '../../../test/support/factories.js';
import { report } from '../../../test/support/reports.js';
import { REPORT_BUCKET_MINUTES } from './histogram.js';
import { redoStaleDays, rebuildAggregates } from './days.service.js';
import { rowsOf } from './scope.js';

/*
 * The daily aggregates give the figures the rows give (docs/architecture.md#daily-aggregates-of-reports): a month of
 * 4,000 tickets over two zones — Vienna, whose clocks fall back on 25 October, and New York, on
 * 1 November — drawn at any local hour, with processors, origins and two overlapping tags.
 * Every report is asked once from the rows, then from the aggregates, then half and half:
 * counts equal, percentiles within one bucket.
 */

let t: TestApp;
let admin: LoggedUser;
const ids: Record<string, string> = {};
const MONTH = { from: '2026-10-10', to: '2026-11-08' };
/** A deterministic "random" number in [0, 1) per ticket and stream. */
const h = (stream: number) => sql.raw(`((hashint4(i * 31 + ${stream}) & 2147483647)::float8 / 2147483648)`);

beforeAll(async () => {
  t = await startTestApp();
  const account = await givenAdmin(t);
  admin = account.user;
  const vienna = await givenProfile(t, account.accountId, { timeZone: 'Europe/Vienna' });
  const newYork = await givenProfile(t, account.accountId, { timeZone: 'America/New_York' });
  const lists = [
    await givenQueue(t, account.accountId, { profileId: vienna }),
    await givenQueue(t, account.accountId, { profileId: vienna }),
    await givenQueue(t, account.accountId, { profileId: newYork }),
  ];
  const processors = [admin.id, (await givenProcessor(t, account.accountId, lists)).id];
  const tags = await t.app.ctx.db
    .insert(infoTags)
    .values([
      { accountId: account.accountId, name: 'Rezept' },
      { accountId: account.accountId, name: 'Befund' },
    ])
    .returning({ id: infoTags.id });
  Object.assign(ids, { account: account.accountId, vienna, newYork, processor: processors[1], tagA: tags[0]!.id, tagB: tags[1]!.id });
  const listArray = sql.raw(`'{${lists.join(',')}}'::uuid[]`);
  await t.app.ctx.db.execute(sql`
    insert into queue_members (account_id, queue_id, number_queue_id, session_no, ordinal, number, status, cancel_state, removed, origin, processor_id,
      order_at, created_at, first_estimated_start, actual_start, actual_end)
    select ${account.accountId}::uuid, q.id, q.id, 1, i, i % 1000,
      (case when fate < 0.8 then 'FINISHED_BY_PROCESSOR' when fate < 0.86 then 'FINISHED_BY_USER' when fate < 0.9 then 'FINISHED_BY_PROCESSOR' else 'FINISHED_BY_TIMEOUT' end)::member_status,
      (case when fate < 0.8 then null when fate < 0.86 then 'USER' when fate < 0.88 then 'PROCESSOR' when fate < 0.9 then null when fate < 0.95 then 'TIMEOUT' else 'SESSION_END' end)::member_cancel_state,
      fate >= 0.86 and fate < 0.9,
      (array['ONLINE', 'KIOSK', 'MANUAL', 'APPOINTMENT'])[1 + floor(${h(3)} * 4)::int]::draw_origin,
      (array[${processors[0]}::uuid, ${processors[1]}::uuid, null])[1 + floor(${h(4)} * 3)::int],
      drawn, drawn,
      case when ${h(5)} < 0.8 then drawn + make_interval(secs => (wait + ${h(6)} * 16 - 8) * 60) end,
      case when fate < 0.9 or fate >= 0.95 then drawn + make_interval(secs => wait * 60) end,
      case when fate < 0.8 then drawn + make_interval(secs => (wait + 2 + ${h(7)} * 25) * 60) when fate >= 0.8 then drawn + interval '2 hours' end
    from generate_series(1, 4000) as i,
      lateral (select (${listArray})[1 + i % 3] as queue_id, ${h(1)} as fate, ${h(2)} * ${h(8)} * 90 as wait) as r
      join queues q on q.id = r.queue_id join profiles p on p.id = q.profile_id,
      lateral (select ((date '2026-10-09' + (i % 32)) + make_interval(mins => floor(${h(9)} * 1440)::int)) at time zone p.time_zone as drawn) as d`);
  await t.app.ctx.db.execute(sql`insert into queue_member_info_tags (member_id, info_tag_id)
    select id, ${ids.tagA}::uuid from queue_members where account_id = ${account.accountId} and ordinal % 3 = 0
    union all select id, ${ids.tagB}::uuid from queue_members where account_id = ${account.accountId} and ordinal % 5 = 0`);
  const types = await t.app.ctx.db
    .insert(appointmentTypes)
    .values(lists.map((queueId, n) => ({ accountId: account.accountId, profileId: n < 2 ? vienna : newYork, queueId, durationMinutes: 15 })))
    .returning();
  for (const [n, type] of types.entries()) {
    await t.app.ctx.db.execute(sql`insert into appointments (account_id, profile_id, queue_id, appointment_type_id, start_at, end_at, status, cancel_state, processor_id, source)
      select ${type.accountId}::uuid, ${type.profileId}::uuid, ${type.queueId}::uuid, ${type.id}::uuid, s, s + interval '15 minutes',
        (case when ${h(10)} < 0.7 then 'FINISHED' when ${h(10)} < 0.85 then 'NO_SHOW' else 'BOOKED' end)::appointment_status,
        (case when ${h(10)} >= 0.92 then 'USER' end)::appointment_cancel_state, ${ids.processor}::uuid, 'FRONTEND'
      from generate_series(1, 150) as i, lateral (select timestamptz '2026-10-08 05:00Z' + i * interval '5 hours 13 minutes' + ${n * 20} * interval '1 minute' as s) as x`);
  }
  // One ticket of the month checked in from an appointment, with a tag: the tag filter counts that appointment.
  await t.app.ctx.db.execute(sql`update queue_members set appointment_id = (select id from appointments where account_id = ${account.accountId} order by start_at limit 1 offset 20)
    where account_id = ${account.accountId} and ordinal = 300`);
}, 180_000);
afterAll(async () => t.close());

const FILTERS: Record<string, () => Record<string, string>> = {
  'no filter': () => ({}),
  'one location': () => ({ profile_id: ids.vienna! }),
  'a processor': () => ({ processor_id: ids.processor! }),
  'an origin': () => ({ origin: 'KIOSK' }),
  'the appointment origin': () => ({ origin: 'APPOINTMENT' }),
  'a tag': () => ({ info_tag_id: ids.tagA! }),
  'a tag, a processor and an origin': () => ({ info_tag_id: ids.tagB!, processor_id: ids.processor!, origin: 'APPOINTMENT' }),
};
const PERCENTILES = ['wait_p50_min', 'wait_p90_min', 'processing_p50_min', 'processing_p90_min', 'estimate_error_p50_min'] as const;

/** Counts exactly, the share to rounding, percentiles within a bucket (both rounded to 0.1). */
function expectSameFigures(actual: ReportFigures, exact: ReportFigures): void {
  const counts = (f: ReportFigures) => Object.fromEntries(Object.entries(f).filter(([key]) => !PERCENTILES.includes(key as never) && key !== 'within_estimate_share'));
  expect(counts(actual)).toEqual(counts(exact));
  expect(actual.within_estimate_share ?? -1).toBeCloseTo(exact.within_estimate_share ?? -1, 9);
  for (const key of PERCENTILES) {
    if (exact[key] === null) expect(actual[key]).toBeNull();
    else expect(Math.abs(actual[key]! - exact[key])).toBeLessThanOrEqual(REPORT_BUCKET_MINUTES + 0.1);
  }
}

interface Reports {
  summary: ReportSummary;
  days: ReportTimeseries;
  weeks: ReportTimeseries;
  heatmap: ReportHeatmap;
}

async function reportsOf(filter: Record<string, string>): Promise<Reports> {
  const query = { ...MONTH, ...filter };
  return {
    summary: await report<ReportSummary>(t, admin, 'summary', query),
    days: await report<ReportTimeseries>(t, admin, 'timeseries', { ...query, bucket: 'day' }),
    weeks: await report<ReportTimeseries>(t, admin, 'timeseries', { ...query, bucket: 'week' }),
    heatmap: await report<ReportHeatmap>(t, admin, 'heatmap', query),
  };
}

function expectSameReports(actual: Reports, exact: Reports): void {
  expectSameFigures(actual.summary.current, exact.summary.current);
  expectSameFigures(actual.summary.previous, exact.summary.previous);
  for (const series of ['days', 'weeks'] as const) {
    expect(actual[series].points.map((p) => p.start)).toEqual(exact[series].points.map((p) => p.start));
    actual[series].points.forEach((point, n) => expectSameFigures(point, exact[series].points[n]!));
  }
  expect(actual.heatmap.cells).toEqual(exact.heatmap.cells);
}

describe('reports from the daily aggregates', () => {
  const exact: Record<string, Reports> = {};

  it('from the rows first: nothing aggregated, nothing claimed', async () => {
    for (const [name, filter] of Object.entries(FILTERS)) exact[name] = await reportsOf(filter());
    expect(exact['no filter']!.summary.aggregated_through).toBeNull();
    expect(exact['no filter']!.summary.current.drawn).toBeGreaterThan(3000);
    expect(exact['a tag']!.summary.current.drawn).toBeGreaterThan(900);
  });

  it('the rebuild aggregates every closed day; each report equals the rows', async () => {
    await rebuildAggregates(t.app.ctx.db, new Date('2026-11-20T12:00:00Z'));
    for (const [name, filter] of Object.entries(FILTERS)) {
      const aggregated = await reportsOf(filter());
      expect(aggregated.summary.aggregated_through).toBe('2026-11-19');
      expectSameReports(aggregated, exact[name]!);
    }
  });

  it('half from the aggregates, half from the rows, split in the week of both clock changes', async () => {
    await t.app.ctx.db.execute(sql`update report_lists set aggregated_through = '2026-10-27'`);
    for (const [name, filter] of Object.entries(FILTERS)) {
      const mixed = await reportsOf(filter());
      expect(mixed.days.aggregated_through).toBe('2026-10-27');
      expectSameReports(mixed, exact[name]!);
    }
    await t.app.ctx.db.execute(sql`update report_lists set aggregated_through = '2026-11-19'`);
  });

  it('a ticket changed after its day was aggregated marks the day stale, and the catch-up takes it in', async () => {
    const [ticket] = rowsOf<{ id: string }>(
      await t.app.ctx.db.execute(sql`update queue_members set status = 'FINISHED_BY_USER', cancel_state = 'USER', removed = false
        where id = (select id from queue_members where account_id = ${ids.account!} and status = 'FINISHED_BY_PROCESSOR' and not removed
          and created_at > '2026-10-15' order by created_at limit 1) returning id`),
    );
    expect(ticket).toBeDefined();
    const before = (await report<ReportSummary>(t, admin, 'summary', MONTH)).current;
    expect(before.served).toBe(exact['no filter']!.summary.current.served);
    expect(await redoStaleDays(t.app.ctx.db)).toBe(1);
    const after = (await report<ReportSummary>(t, admin, 'summary', MONTH)).current;
    expect([after.served, after.cancelled_by_patient]).toEqual([before.served - 1, before.cancelled_by_patient + 1]);
  });
});
