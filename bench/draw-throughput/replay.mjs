// The raw baseline of the draw benchmark: the statements one public online draw
// (`POST /queues/{id}/members`, draw.service.ts drawTicket) sends to the database, replayed
// straight through the driver — node-postgres or PGlite — with nothing of the server around it.
//
// Captured with bench/draw-throughput/capture-statements.mjs (log_statement = 'all'), in the
// order and with the connection use of the server:
//   1. findDrawContext          SELECT queue ⋈ account ⋈ profile ⟕ key ⟕ logo ⟕ session (one row)
//      1 and 2 as named prepared statements (draw.repo.ts, line.repo.ts)
//   2. loadLineState +          six SELECTs at once (Promise.all, so up to six pooled
//      countWaiting             connections): members being processed, active processors,
//                               processors away on a pause, last 50 durations, booked
//                               appointments of the next day, and the COUNT of those waiting
//                               (until issue 23 it read every waiting member and their tags)
//   3. drawMember               ONE autocommitted statement: WITH taken AS (UPDATE
//                               queue_sessions … RETURNING — the row lock that orders concurrent
//                               draws) INSERT INTO queue_members … SELECT … FROM taken RETURNING *
//      (Before the fix in tickets.repo.ts this was BEGIN; UPDATE … RETURNING; INSERT … RETURNING;
//      COMMIT on one pooled connection — the baseline replayed that then; see the report.)
// There is no outbox or event table: the realtime Outbox is in memory and published after the
// commit (in process, or Redis when REDIS_URL is set — the bench leaves it unset), so no
// statement of it reaches the database.
//
// Why this is a fair baseline: same SQL text (drizzle's, copied from the log), same parameters,
// same row modes (arrays for drizzle's selects, objects for its raw drawMember statement), same
// extended-protocol use (the same seven named statements, the draw unnamed), same dependency
// order (the draw needs the account the context read returned, and runs after the line was
// read) and the same pool size as the server (connect.ts: max 10). What the baseline leaves out is exactly what the benchmark is meant to
// price: HTTP parsing, routing, zod validation, the rate limiter, drizzle's query building and
// row mapping, the wait-time estimate (here a fixed first_estimated_start) and the JSON answer.

import { createHash, randomBytes } from 'node:crypto';
const DRAW_CONTEXT = `select "queues"."id", "queues"."account_id", "queues"."profile_id", "queues"."name", "queues"."identifier", "queues"."phone", "queues"."priority", "queues"."kiosk_text_before", "queues"."kiosk_text_after", "queues"."ticket_text_before", "queues"."ticket_text_after", "queues"."monitor_text", "queues"."opening_hours", "queues"."draw_online_enabled", "queues"."wait_time_calculation_enabled", "queues"."kiosk_enabled", "queues"."max_concurrent_processing", "queues"."preprocessing_buffer_minutes", "queues"."average_process_minutes", "queues"."number_start", "queues"."number_end", "queues"."number_wrap", "queues"."timeout_minutes", "queues"."automatically_next", "queues"."color", "queues"."accent_color", "queues"."min_age", "queues"."max_age", "queues"."is_default", "queues"."logo_placement_ticket", "queues"."logo_placement_kiosk", "queues"."patient_inputs", "queues"."ask_patient_for_language", "queues"."allow_move_appointment", "queues"."may_activate_sms_notifications", "queues"."alert_members_ahead", "queues"."alert_minutes_left", "queues"."show_processor_on_processing", "queues"."allow_actual_processor_selection_for_non_active_processors", "queues"."display_monitor_on_kiosk", "queues"."button_visibility", "queues"."name_order", "queues"."always_show_probing_questions", "queues"."smart_suspend_minutes", "queues"."view_configuration", "queues"."archived_at", "queues"."created_at", "queues"."updated_at", "queue_sessions"."queue_id", "queue_sessions"."open", "queue_sessions"."queueing_allowed", "queue_sessions"."blocked", "queue_sessions"."online_suspended", "queue_sessions"."online_suspended_until", "queue_sessions"."kiosk_suspended", "queue_sessions"."kiosk_suspended_until", "queue_sessions"."opened_at", "queue_sessions"."session_no", "queue_sessions"."last_ordinal", "queue_sessions"."version", "accounts"."subscription_state", "profiles"."time_zone", "account_keys"."key_id", "account_keys"."public_key", "images"."id", "images"."content_hash", "images"."mime_type" from "queues" inner join "accounts" on "accounts"."id" = "queues"."account_id" inner join "profiles" on "profiles"."id" = "queues"."profile_id" left join "account_keys" on "account_keys"."account_id" = "queues"."account_id" left join "images" on "images"."id" = "accounts"."logo_image_id" left join "queue_sessions" on "queue_sessions"."queue_id" = "queues"."id" where "queues"."id" = $1 limit $2`;

// The names under which the server prepares the reads (tickets.repo.ts prepareReads); node-postgres
// sends a named statement's Parse once per connection, as for the server. PGlite ignores names.
const LINE = [
  [
    'tickets_line_processing',
    `select "queue_members"."id", "queue_members"."number", "queue_members"."actual_start", "queue_members"."called_silently", "users"."display_name", "users"."room" from "queue_members" left join "users" on "users"."id" = "queue_members"."processor_id" where ("queue_members"."queue_id" = $1 and "queue_members"."status" = $2) order by "queue_members"."actual_start" desc`,
    (q) => [q, 'PROCESSING'],
  ],
  ['tickets_line_active_processors', `select count(*) from "queue_processors" where ("queue_processors"."queue_id" = $1 and "queue_processors"."active" = $2)`, (q) => [q, true]],
  [
    'tickets_line_away_processors',
    `select "inactive_until" from "queue_processors" where ("queue_processors"."queue_id" = $1 and "queue_processors"."active" = $2 and "queue_processors"."inactive_until" is not null)`,
    (q) => [q, false],
  ],
  [
    'tickets_line_durations',
    `select "actual_start", "actual_end" from "queue_members" where ("queue_members"."queue_id" = $1 and "queue_members"."status" = $2 and "queue_members"."removed" = $3 and "queue_members"."actual_start" is not null and "queue_members"."actual_end" is not null) order by "queue_members"."actual_end" desc limit $4`,
    (q) => [q, 'FINISHED_BY_PROCESSOR', false, 50],
  ],
  [
    'tickets_line_reserved',
    `select "start_at", "end_at" from "appointments" where ("appointments"."queue_id" = $1 and "appointments"."status" = $2 and "appointments"."cancel_state" is null and "appointments"."end_at" > $3 and "appointments"."start_at" < $4) order by "appointments"."start_at" asc`,
    (q, now) => [q, 'BOOKED', now, new Date(Date.parse(now) + 86_400_000).toISOString()],
  ],
  [
    'tickets_line_waiting_count',
    `select count(*) from "queue_members" where ("queue_members"."queue_id" = $1 and "queue_members"."status" = $2 and "queue_members"."cancel_state" is null)`,
    (q) => [q, 'WAITING'],
  ],
];
// drawMember (draw.repo.ts): the counter row's UPDATE, the member's INSERT and its patient
// link's INSERT (the token's hash) as one statement, autocommitted — no BEGIN/COMMIT, the counter
// row's lock is held only inside it.
const DRAW_MEMBER = `
      WITH taken AS (
      UPDATE queue_sessions s SET last_ordinal = s.last_ordinal + 1
      FROM queues qu
      WHERE s.queue_id = $1 AND qu.id = s.queue_id AND qu.archived_at IS NULL AND s.open AND s.queueing_allowed AND NOT s.blocked AND NOT s.online_suspended
        AND (qu.number_end IS NULL OR qu.number_wrap
             OR s.last_ordinal < qu.number_end - COALESCE(qu.number_start, 1) + 1)
      RETURNING s.session_no, s.last_ordinal AS ordinal,
        COALESCE(qu.number_start, 1) + CASE
          WHEN qu.number_end IS NULL THEN s.last_ordinal - 1
          ELSE (s.last_ordinal - 1) % (qu.number_end - COALESCE(qu.number_start, 1) + 1)
        END AS number),
      drawn AS (
      INSERT INTO "queue_members" ("account_id", "queue_id", "number_queue_id", "silent", "drawn_by_user_id", "order_at", "display_name", "first_name", "last_name", "birth_date", "insurance_number", "mail", "phone", "lang", "sealed_data", "first_estimated_start", "created_at", "origin", session_no, ordinal, number)
      SELECT $2::uuid, $3::uuid, $4::uuid, $5::boolean, $6::uuid, $7::timestamp with time zone, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::timestamp with time zone, $18::timestamp with time zone, $19::draw_origin, taken.session_no, taken.ordinal, taken.number FROM taken
      RETURNING "id", "account_id", "queue_id", "number_queue_id", "session_no", "ordinal", "number", "status", "cancel_state", "removed", "origin", "silent", "called_silently", "drawn_by_user_id", "processor_id", "order_at", "priority_shift_minutes", "display_name", "first_name", "last_name", "birth_date", "insurance_number", "mail", "phone", "lang", "sealed_data", "first_estimated_start", "appointment_id", "created_at", "actual_start", "actual_end", "version", "personal_data_erased_at", "wait_minutes", "processing_minutes", "estimate_delta_minutes"),
      linked AS (INSERT INTO "patient_links" (token_hash, member_id) SELECT $20, id FROM (SELECT id FROM drawn) AS new_member)
      SELECT * FROM drawn`;

/** A fresh link's hash, as the server makes one per draw (patient-links: 16 random bytes, SHA-256 of their base64url). */
const linkHash = () => createHash('sha256').update(randomBytes(16).toString('base64url')).digest('hex');

// Column 1 of DRAW_CONTEXT (array row mode) is queues.account_id.
const ACCOUNT_ID_COLUMN = 1;

/**
 * One draw through a driver adapter: `query(text, params, rowMode, name?)` on the shared handle
 * (pool or PGlite). Throws when the queue refuses (no counter row updated), where the server answers 4xx.
 */
export async function replayDraw(driver, queueId) {
  const now = new Date();
  const context = await driver.query(DRAW_CONTEXT, [queueId, 1], 'array', 'tickets_draw_context');
  const accountId = context.rows[0]?.[ACCOUNT_ID_COLUMN];
  if (!accountId) throw new Error('queue not found');
  const at = now.toISOString();
  await Promise.all(LINE.map(([name, text, params]) => driver.query(text, params(queueId, at), 'array', name)));
  // The server's estimate lands here; a fixed one keeps the row the same shape.
  const firstEstimatedStart = new Date(now.getTime() + 8 * 60_000).toISOString();
  const drawn = await driver.query(
    DRAW_MEMBER,
    [queueId, accountId, queueId, queueId, false, null, at, null, null, null, null, null, null, null, null, null, firstEstimatedStart, at, 'ONLINE', linkHash()],
    'object',
  );
  if (!drawn.rows[0]) throw new Error('draw refused: no counter row updated');
  return drawn.rows[0];
}

// drizzle hands timestamps and dates back unparsed (its own mappers take over); do the same so
// the driver does the same work per row.
const rawTimestamps = (pg) => (typeId, format) =>
  [pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL].includes(typeId)
    ? (value) => value
    : pg.types.getTypeParser(typeId, format);

/** The adapter over a node-postgres Pool: each statement on whichever pooled connection is free, as drizzle does outside transactions. */
export function pgDriver(pg, pool) {
  const types = { getTypeParser: rawTimestamps(pg) };
  return {
    query: (text, values, rowMode, name) => pool.query({ text, values, types, ...(name ? { name } : {}), ...(rowMode === 'array' ? { rowMode } : {}) }),
  };
}

/** The adapter over one PGlite instance: its own mutex queues the callers, as in the server. */
export function pgliteDriver(pglite, types) {
  const parsers = Object.fromEntries([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE].map((t) => [t, (value) => value]));
  return { query: (text, params, rowMode) => pglite.query(text, params, { rowMode, parsers }) };
}
