import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ReportEarlier } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointmentOffers as o, appointments, appointmentTypes, freedTimes as f, queues } from '../../db/schema/index.js';
import { appointmentConditions, inScope, rowsOf, type Period, type ReportScope } from './scope.js';

/*
 * The figures of earlier appointments and confirmations (docs/product.md#reports): freed times
 * by their start in the period (on the clock of their location, through their type's list),
 * the offers sent for them, and the period's appointments asked to confirm and marked no-show.
 */

/** Freed times in the report: the account's, starting in the period, of the filtered processor; none for an origin other than APPOINTMENT. */
function freedConditions(scope: ReportScope, period: Period): SQL {
  const filters = scope.filters;
  if (filters.origin && filters.origin !== 'APPOINTMENT') return sql`false`;
  const parts = [sql`${f.accountId} = ${scope.actor.accountId}`, inScope(scope, period, f.startAt, appointmentTypes.queueId)];
  if (filters.processor_id) parts.push(sql`${f.processorId} = ${filters.processor_id}`);
  return sql.join(parts, sql` and `);
}

/** An offer that went out: its token was minted and a message sent. */
const SENT = sql`${o.freedTimeId} = ${f.id} and ${o.sentAt} is not null`;

type FreedFigures = Pick<ReportEarlier, 'freed' | 'offered' | 'refilled' | 'refill_lead_p50_hours' | 'offer_messages'>;

async function freedFigures(q: Queryable, scope: ReportScope, period: Period): Promise<FreedFigures> {
  const [row] = rowsOf<FreedFigures>(
    await q.execute(sql`select count(*)::int as freed,
      (count(*) filter (where exists (select 1 from ${o} where ${SENT})))::int as offered,
      (count(*) filter (where ${f.state} = 'FILLED'))::int as refilled,
      round((percentile_cont(0.5) within group (order by extract(epoch from (${f.startAt} - ${f.filledAt})) / 3600)
        filter (where ${f.state} = 'FILLED' and ${f.filledAt} is not null))::numeric, 1)::float8 as refill_lead_p50_hours,
      coalesce(sum((select sum(cardinality(${o.channels})) from ${o} where ${SENT})), 0)::int as offer_messages
      from ${f} join ${appointmentTypes} on ${appointmentTypes.id} = ${f.appointmentTypeId}
      where ${freedConditions(scope, period)}`),
  );
  return row ?? { freed: 0, offered: 0, refilled: 0, refill_lead_p50_hours: null, offer_messages: 0 };
}

async function confirmationFigures(q: Queryable, scope: ReportScope, period: Period): Promise<{ asked: number; confirmed: number }> {
  const [row] = rowsOf<{ asked: number; confirmed: number }>(
    await q.execute(sql`select (count(*) filter (where ${appointments.confirmationAskedAt} is not null))::int as asked,
      (count(*) filter (where ${appointments.confirmationAskedAt} is not null and ${appointments.confirmedAt} is not null))::int as confirmed
      from ${appointments} where ${appointmentConditions(scope, period)}`),
  );
  return row ?? { asked: 0, confirmed: 0 };
}

/** Appointments not cancelled and of those no-shows, per group (a type or a list), most no-shows first. */
async function noShowsBy(
  q: Queryable,
  scope: ReportScope,
  period: Period,
  group: { table: typeof appointmentTypes | typeof queues; id: AnyColumn; name: AnyColumn; key: AnyColumn },
) {
  return rowsOf<ReportEarlier['no_shows_by_type'][number]>(
    await q.execute(sql`select ${group.id} as id, ${group.name} as name,
      count(*)::int as appointments, (count(*) filter (where ${appointments.status} = 'NO_SHOW'))::int as no_shows
      from ${appointments} join ${group.table} on ${group.id} = ${group.key}
      where ${appointmentConditions(scope, period)} and ${appointments.cancelState} is null
      group by ${group.id}, ${group.name} order by no_shows desc, lower(${group.name}), ${group.id}`),
  );
}

/** The figures of `GET /reports/earlier` for the scope's period. */
export async function earlierFigures(q: Queryable, scope: ReportScope): Promise<Omit<ReportEarlier, 'from' | 'to'>> {
  const period = scope.current;
  const freed = await freedFigures(q, scope, period);
  const { asked, confirmed } = await confirmationFigures(q, scope, period);
  const byType = await noShowsBy(q, scope, period, { table: appointmentTypes, id: appointmentTypes.id, name: appointmentTypes.name, key: appointments.appointmentTypeId });
  const byQueue = await noShowsBy(q, scope, period, { table: queues, id: queues.id, name: queues.name, key: appointments.queueId });
  return {
    ...freed,
    confirmations_asked: asked,
    confirmations_confirmed: confirmed,
    confirmation_rate: asked === 0 ? null : Math.round((confirmed / asked) * 1000) / 1000,
    no_shows_by_type: byType,
    no_shows_by_queue: byQueue,
  };
}
