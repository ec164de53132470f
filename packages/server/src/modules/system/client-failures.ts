import { count, desc, gte, lt, max, sql } from 'drizzle-orm';
import type { ClientFailureReport } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { clientFailures } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { maskUrl } from '../../platform/log-redaction.js';

/** Reports are kept this long: enough to see a pattern, not a history of anyone's clicks. */
export const CLIENT_FAILURE_KEEP_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * An address as it is kept: without its query and fragment (a query may carry a token), and a
 * patient's link's token in the path masked as the log masks it (`/members/*`): a failed request
 * of a ticket page must not leave the key to that ticket in the database for 30 days.
 */
function kept(address: string): string {
  return maskUrl(address.split(/[?#]/, 1)[0] ?? '');
}

/**
 * `POST /qt_monitor`: stores a client's report of a failed request — its method, its address
 * without the query and keys, the body's length, the client's clock — and drops reports past the
 * keeping time on the way (an index makes that cheap).
 */
export async function recordClientFailure(ctx: AppContext, report: ClientFailureReport, userAgent: string | undefined): Promise<void> {
  const now = ctx.clock.now();
  const clientTime = new Date(report.clientTime);
  await ctx.db.insert(clientFailures).values({
    receivedAt: now,
    clientTime: Number.isNaN(clientTime.getTime()) ? null : clientTime,
    reqLength: report.reqLength ?? null,
    method: report.method.toUpperCase(),
    baseUrl: kept(report.baseURL),
    url: kept(report.url),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  await ctx.db.delete(clientFailures).where(lt(clientFailures.receivedAt, new Date(now.getTime() - CLIENT_FAILURE_KEEP_DAYS * DAY_MS)));
}

export interface ClientFailureSummary {
  method: string;
  url: string;
  count: number;
  last: Date;
}

/** The failures of the last `days`, by request, the most frequent first: what the operator looks at. */
export async function clientFailureSummary(q: Queryable, now: Date, days: number): Promise<ClientFailureSummary[]> {
  // Ids in an address (a ticket's, a list's) would make every request its own line.
  const path = sql<string>`regexp_replace(${clientFailures.url}, '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', '{id}', 'gi')`;
  const rows = await q
    .select({ method: clientFailures.method, url: path, count: count(), last: max(clientFailures.receivedAt) })
    .from(clientFailures)
    .where(gte(clientFailures.receivedAt, new Date(now.getTime() - days * DAY_MS)))
    .groupBy(clientFailures.method, path)
    .orderBy(desc(count()), desc(max(clientFailures.receivedAt)), clientFailures.method, path);
  return rows.map((row) => ({ method: row.method, url: row.url, count: row.count, last: row.last ?? now }));
}
