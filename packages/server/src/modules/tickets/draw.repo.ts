/** The context read and the one write of a draw; the line it estimates from is line.repo.ts. */
import { and, eq, getTableColumns, isNull, param, sql, type SQL } from 'drizzle-orm';
import type { DrawOrigin } from '@wartefrei/shared';

type MemberOrigin = MemberRow['origin'];
import { selectRows, type Queryable } from '../../db/connect.js';
import { preparedPerHandle } from '../../db/prepared.js';
import { accountKeys, accounts, images, profiles, queueMembers, queueSessions, queues } from '../../db/schema/index.js';
import type { MemberRow, NewMemberRow, QueueRow, SessionRow } from './tickets.repo.js';
import { insertMemberLinkSql } from '../patient-links/index.js';

/** A queue with what a draw needs to decide: its session, its account's subscription, its location's time zone. */
export interface DrawContext {
  queue: QueueRow;
  session: SessionRow | null;
  subscriptionState: string;
  timeZone: string;
  /** The account's key while end-to-end encryption is on: patient data comes sealed for it. */
  sealingKeyId: string | null;
  sealingPublicKey: string | null;
  /** The account's logo (id, content hash, type), for the ticket and kiosk views; null without one. */
  logoImageId: string | null;
  logoHash: string | null;
  logoMime: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
}

export async function findDrawContext(q: Queryable, queueId: string): Promise<DrawContext | undefined> {
  const [row] = await preparedReadsOf(q).drawContext.execute({ queueId });
  return row;
}

/**
 * The context read of every draw and ticket view, a named prepared statement (preparedPerHandle):
 * under a burst of draws drizzle's building of the query was the largest share of the server's
 * own CPU per draw after the driver's (bench/draw-throughput.mjs). The column lists are explicit,
 * so a migration that adds columns does not invalidate it.
 */
function prepareReads(q: Queryable) {
  const queueId = sql.placeholder('queueId');
  return {
    drawContext: q
      .select({
        queue: queues,
        session: queueSessions,
        subscriptionState: accounts.subscriptionState,
        timeZone: profiles.timeZone,
        sealingKeyId: accountKeys.keyId,
        sealingPublicKey: accountKeys.publicKey,
        logoImageId: images.id,
        logoHash: images.contentHash,
        logoMime: images.mimeType,
        logoWidth: images.width,
        logoHeight: images.height,
      })
      .from(queues)
      .innerJoin(accounts, eq(accounts.id, queues.accountId))
      .innerJoin(profiles, eq(profiles.id, queues.profileId))
      // A key whose switch-off began is sealed for no more (modules/encryption).
      .leftJoin(accountKeys, and(eq(accountKeys.accountId, queues.accountId), isNull(accountKeys.disabledAt)))
      .leftJoin(images, eq(images.id, accounts.logoImageId))
      .leftJoin(queueSessions, eq(queueSessions.queueId, queues.id))
      .where(eq(queues.id, queueId))
      .limit(1)
      .prepare('tickets_draw_context'),
  };
}

const preparedReadsOf = preparedPerHandle(prepareReads);

/**
 * The session part of the intake rule, in SQL over `queue_sessions s` and `queues qu`: the same
 * rule as the shared `drawRefusal` (open list; for patients intake allowed, not blocked, their
 * channel not suspended; staff need only an open list), so a draw that passed the check in
 * TypeScript is refused by the counter row if the session changed in between.
 * draw.intake-guard.test.ts drives both over every flag, so the two cannot drift.
 */
function sessionAdmitsSql(origin: MemberOrigin): SQL {
  const patientIntake = sql`s.queueing_allowed AND NOT s.blocked AND NOT ${origin === 'ONLINE' ? sql`s.online_suspended` : sql`s.kiosk_suspended`}`;
  // Staff, and a patient with an appointment, need only an open list: intake is about walk-ins.
  return sql`qu.archived_at IS NULL AND s.open AND ${origin === 'MANUAL' || origin === 'APPOINTMENT' ? sql`TRUE` : patientIntake}`;
}

/** Whether the draw's SQL guard admits a draw of this origin now (a read; for the parity test). */
export async function sessionAdmitsDraw(q: Queryable, queueId: string, origin: DrawOrigin): Promise<boolean> {
  const rows = await selectRows<{ admits: boolean }>(
    q,
    sql`SELECT (${sessionAdmitsSql(origin)}) AS admits FROM queue_sessions s JOIN queues qu ON qu.id = s.queue_id WHERE s.queue_id = ${queueId}`,
  );
  return rows[0]?.admits === true;
}

/**
 * The UPDATE that takes the next ticket of the queue's session: raises the counter row — only
 * while intake for this origin is open and, when the queue refuses at its number end, numbers
 * are left — and computes the number (wrapping at number end when configured). The row lock
 * orders concurrent draws; nothing is read first and decided later. Returns no row: refused.
 */
function takeNextNumberSql(queueId: string, origin: MemberOrigin): SQL {
  return sql`
      UPDATE queue_sessions s SET last_ordinal = s.last_ordinal + 1
      FROM queues qu
      WHERE s.queue_id = ${queueId} AND qu.id = s.queue_id AND ${sessionAdmitsSql(origin)}
        AND (qu.number_end IS NULL OR qu.number_wrap
             OR s.last_ordinal < qu.number_end - COALESCE(qu.number_start, 1) + 1)
      RETURNING s.session_no, s.last_ordinal AS ordinal,
        COALESCE(qu.number_start, 1) + CASE
          WHEN qu.number_end IS NULL THEN s.last_ordinal - 1
          ELSE (s.last_ordinal - 1) % (qu.number_end - COALESCE(qu.number_start, 1) + 1)
        END AS number`;
}

const memberColumns = getTableColumns(queueMembers);
type MemberColumn = (typeof memberColumns)[keyof typeof memberColumns];

/** A member row as the driver returns it (column names, driver values), mapped the way drizzle maps its own results. */
function memberFromDriver(raw: Record<string, unknown>): MemberRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(memberColumns) as [string, MemberColumn][]) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as MemberRow;
}

/**
 * Draws: takes the next number of the queue's session (see takeNextNumberSql) and inserts the
 * member with it, in ONE statement (a data-modifying CTE) — atomic on its own, so a failing
 * insert gives the number back, like the transaction it replaces. Why one statement: the counter
 * row's lock orders every draw of the queue and is held until commit. As BEGIN; UPDATE; INSERT;
 * COMMIT it was held across three round trips to the server, and under load the lock holder
 * mostly waited for the busy event loop while the other draws queued behind it holding pooled
 * connections (bench/draw-throughput.mjs: pg_stat_activity showed the holder "idle in
 * transaction"). Now the lock lives only inside the database. The patient's link (its hash) is
 * written by the same statement: a ticket never exists without the key its answer hands out.
 * Undefined: refused by the counter
 * row (intake closed for this origin or the range used up); the caller finds out why.
 */
export async function drawMember(
  q: Queryable,
  origin: MemberOrigin,
  values: Omit<NewMemberRow, 'sessionNo' | 'ordinal' | 'number' | 'origin' | 'queueId'> & { queueId: string },
  /** The new ticket's own link; none for a checked-in appointment, whose links open it (admitAppointment). */
  linkToken: string | undefined,
): Promise<MemberRow | undefined> {
  const given = (Object.entries({ ...values, origin }) as [keyof typeof memberColumns, unknown][]).filter(([, value]) => value !== undefined);
  const column = (key: keyof typeof memberColumns): MemberColumn => memberColumns[key];
  // INSERT … SELECT does not type its parameters from the target columns: each gets a cast.
  const typed = given.map(([key, value]) => sql`${param(value, column(key))}::${sql.raw(column(key).getSQLType())}`);
  const rows = await selectRows<Record<string, unknown>>(
    q,
    sql`
      WITH taken AS (${takeNextNumberSql(values.queueId, origin)}),
      drawn AS (
        INSERT INTO ${queueMembers} (${sql.join([...given.map(([key]) => sql.identifier(column(key).name)), sql`session_no, ordinal, number`], sql`, `)})
        SELECT ${sql.join([...typed, sql`taken.session_no, taken.ordinal, taken.number`], sql`, `)} FROM taken
        RETURNING ${sql.join(
          Object.values(memberColumns).map((c) => sql.identifier(c.name)),
          sql`, `,
        )}
      ),
      ${linkToken ? sql`linked AS (${insertMemberLinkSql(linkToken, sql`SELECT id FROM drawn`)})` : sql`linked AS (SELECT 1)`}
      SELECT * FROM drawn`,
  );
  const [raw] = rows;
  return raw ? memberFromDriver(raw) : undefined;
}
