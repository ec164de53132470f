import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import { appointments, appointmentTypes, calendarFeeds, profiles } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken, newSecretToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { holdsTime } from './appointments.repo.js';
import { calendarFile, feedUid } from './calendar-file.js';

/*
 * Each processor's secret calendar feed (`GET /calendar/{token}.ics`): their appointments from a
 * month back to half a year ahead, for Outlook or any calendar that subscribes by URL. The URL
 * is the secret: shown once when made, only its hash kept, replaced by asking again, gone with
 * DELETE. Entries carry the appointment's type, place and time, never the patient's data: a feed
 * URL travels (mail, shared calendars), and whoever holds it reads the feed — nor the appointment's
 * id (each entry's UID is a hash of it, `feedUid`).
 */

const DAY = 86_400_000;

async function appointmentsOfProcessor(db: Queryable, userId: string, now: Date) {
  return db
    .select({ appointment: appointments, typeName: appointmentTypes.name, locationName: profiles.name, timeZone: profiles.timeZone })
    .from(appointments)
    .innerJoin(appointmentTypes, eq(appointmentTypes.id, appointments.appointmentTypeId))
    .innerJoin(profiles, eq(profiles.id, appointments.profileId))
    .where(
      and(
        eq(appointments.processorId, userId),
        holdsTime,
        gt(appointments.endAt, new Date(now.getTime() - 30 * DAY)),
        lt(appointments.startAt, new Date(now.getTime() + 183 * DAY)),
      ),
    )
    .orderBy(asc(appointments.startAt));
}

/** A new feed URL for the user, replacing the one before: the token is in it and nowhere else. */
export async function renewFeed(ctx: AppContext, userId: string): Promise<{ url: string }> {
  const token = newSecretToken();
  const values = { tokenHash: hashToken(token), createdAt: ctx.clock.now() };
  await ctx.db
    .insert(calendarFeeds)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: values });
  return { url: `${ctx.config.publicUrl}/calendar/${token}.ics` };
}

export async function dropFeed(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed's calendar file; an unknown (or replaced) token is a 404. */
export async function feedFile(ctx: AppContext, token: string): Promise<string> {
  const [feed] = await ctx.db
    .select()
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashToken(token)))
    .limit(1);
  if (!feed) throw new AppError('NOT_FOUND');
  const rows = await appointmentsOfProcessor(ctx.db, feed.userId, ctx.clock.now());
  return calendarFile(
    rows.map((row) => ({
      id: row.appointment.id,
      uid: feedUid(row.appointment.id),
      startAt: row.appointment.startAt,
      endAt: row.appointment.endAt,
      summary: row.typeName,
      location: row.locationName,
      sequence: row.appointment.version,
      cancelled: false,
      timeZone: row.timeZone,
    })),
    rows[0]?.timeZone ?? DEFAULT_TIME_ZONE,
    'PUBLISH',
    'wartefrei',
  );
}
