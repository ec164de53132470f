import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../src/db/connect.js';

export interface StoredMember {
  id: string;
  session_no: number;
  ordinal: number;
  number: number;
  status: string;
  cancel_state: string | null;
  removed: boolean;
  origin: string;
  version: number;
  display_name: string | null;
  order_at: Date;
  created_at: Date;
}

export interface StoredSession {
  open: boolean;
  session_no: number;
  last_ordinal: number;
  opened_at: Date | null;
}

/** What the database holds of the queue's current session after a crash: the counter row and its tickets. */
export async function readStoredDraws(db: Database, queueId: string): Promise<{ session: StoredSession; members: StoredMember[] }> {
  const [session] = await selectRows<StoredSession>(db, sql`SELECT open, session_no, last_ordinal, opened_at FROM queue_sessions WHERE queue_id = ${queueId}`);
  if (!session) throw new Error(`queue ${queueId} has no session row`);
  const members = await selectRows<StoredMember>(
    db,
    sql`SELECT id, session_no, ordinal, number, status, cancel_state, removed, origin, version, display_name, order_at, created_at
        FROM queue_members WHERE number_queue_id = ${queueId} AND session_no = ${session.session_no}
        ORDER BY ordinal`,
  );
  // Raw rows: whether a timestamp arrives as a Date or as text is up to the driver's parsers.
  return {
    session: { ...session, opened_at: session.opened_at === null ? null : new Date(session.opened_at) },
    members: members.map((m) => ({ ...m, order_at: new Date(m.order_at), created_at: new Date(m.created_at) })),
  };
}
