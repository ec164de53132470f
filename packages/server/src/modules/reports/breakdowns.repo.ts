import { sql } from 'drizzle-orm';
import type { ReportHeatmap, ReportProbing, ReportProcessors, ReportQueues } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { probingAnswers, profiles, queueMembers as m, queues, users } from '../../db/schema/index.js';
import { CALLED, PROCESSING, SERVED, WAIT, percentile } from './figures.repo.js';
import { aggregateArrivals, splitPeriod } from './aggregates.repo.js';
import { MEMBERS_WITH_PLACE, localTime, memberConditions, rowsOf, type Period, type ReportScope } from './scope.js';

/** The period's tickets split by weekday × hour, by processor, by list and by answer; aggregated in SQL. */

type Arrivals = { weekday: number; hour: number; arrivals: number }[];

async function rowArrivals(q: Queryable, scope: ReportScope, period: Period): Promise<Arrivals> {
  const local = localTime(scope, m.createdAt, m.queueId);
  return rowsOf<Arrivals[number]>(
    await q.execute(sql`select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour, count(*)::int as arrivals
      from ${m} where ${memberConditions(scope, period)} group by 1, 2`),
  );
}

/** Arrivals (draws) per ISO weekday and local hour, days up to `through` from the aggregates; every cell present. */
export async function heatmapCells(q: Queryable, scope: ReportScope, through: string | null): Promise<ReportHeatmap['cells']> {
  const { days, rows } = splitPeriod(scope.current, through);
  const parts = await Promise.all([days ? aggregateArrivals(q, scope, days) : [], rows ? rowArrivals(q, scope, rows) : []]);
  const counted = new Map<string, number>();
  for (const row of parts.flat()) counted.set(`${row.weekday}:${row.hour}`, (counted.get(`${row.weekday}:${row.hour}`) ?? 0) + row.arrivals);
  return Array.from({ length: 7 * 24 }, (_, i) => {
    const weekday = Math.floor(i / 24) + 1;
    const hour = i % 24;
    return { weekday, hour, arrivals: counted.get(`${weekday}:${hour}`) ?? 0 };
  });
}

/** Per processor who called tickets: how many they served and their median processing time. */
export async function processorFigures(q: Queryable, scope: ReportScope): Promise<ReportProcessors['processors']> {
  return rowsOf<ReportProcessors['processors'][number]>(
    await q.execute(sql`select ${users.id} as processor_id, ${users.displayName} as name,
        (count(*) filter (where ${SERVED}))::int as served, ${percentile(0.5, PROCESSING, SERVED)} as processing_p50_min
      from ${m} join ${users} on ${users.id} = ${m.processorId}
      where ${memberConditions(scope, scope.current)}
      group by ${users.id}, ${users.displayName} order by 3 desc, 2`),
  );
}

/** Per list: drawn, served and the wait. */
export async function queueFigures(q: Queryable, scope: ReportScope): Promise<ReportQueues['queues']> {
  return rowsOf<ReportQueues['queues'][number]>(
    await q.execute(sql`select ${queues.id} as queue_id, ${queues.name} as name, ${profiles.name} as profile_name,
        count(*)::int as drawn, (count(*) filter (where ${SERVED}))::int as served,
        ${percentile(0.5, WAIT, CALLED)} as wait_p50_min, ${percentile(0.9, WAIT, CALLED)} as wait_p90_min
      from ${MEMBERS_WITH_PLACE} where ${memberConditions(scope, scope.current)}
      group by ${queues.id}, ${queues.name}, ${profiles.name} order by 4 desc, 2`),
  );
}

/**
 * How often each answer was chosen, by the texts the patients saw (an edited question keeps
 * its old answers apart), questions in the order they were asked.
 */
export async function probingCounts(q: Queryable, scope: ReportScope): Promise<ReportProbing['answers']> {
  return rowsOf<ReportProbing['answers'][number]>(
    await q.execute(sql`select ${probingAnswers.questionText} as question_text, ${probingAnswers.optionText} as option_text, count(*)::int as count
      from ${m} join ${probingAnswers} on ${probingAnswers.memberId} = ${m.id}
      where ${memberConditions(scope, scope.current)}
      group by 1, 2 order by min(${probingAnswers.step}), 1, 3 desc, 2`),
  );
}
