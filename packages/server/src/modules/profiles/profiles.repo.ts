import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connect.js';
import { accounts, profileIsLive, profiles, queueIsLive, queues } from '../../db/schema/index.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfileRow = typeof profiles.$inferInsert;
export type ProfileChanges = Partial<Omit<NewProfileRow, 'id' | 'accountId' | 'createdAt'>>;

export async function listProfilesOfAccount(db: Queryable, accountId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(and(eq(profiles.accountId, accountId), profileIsLive))
    .orderBy(asc(profiles.name), asc(profiles.identifier));
}

/** The profile with this id if it belongs to the account. */
export async function findProfileInAccount(db: Queryable, accountId: string, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), eq(profiles.accountId, accountId), profileIsLive))
    .limit(1);
  return row;
}

export async function insertProfile(db: Queryable, values: NewProfileRow): Promise<ProfileRow> {
  const [row] = await db.insert(profiles).values(values).returning();
  if (!row) throw new Error('insert into profiles returned no row');
  return row;
}

export async function updateProfileInAccount(db: Queryable, accountId: string, id: string, values: ProfileChanges): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set(values)
    .where(and(eq(profiles.id, id), eq(profiles.accountId, accountId), profileIsLive))
    .returning();
  return row;
}

/** Archives the location (its lists are archived first, by the queues module); false if none. */
export async function archiveProfileInAccount(db: Queryable, accountId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ archivedAt: at, updatedAt: at })
    .where(and(eq(profiles.id, id), eq(profiles.accountId, accountId), profileIsLive))
    .returning({ id: profiles.id });
  return rows.length > 0;
}

/** Any account's location with its account: the public view, whose key is the location id. */
export async function findProfileWithAccount(
  db: Queryable,
  id: string,
): Promise<{ profile: ProfileRow; account: { id: string; identifier: string; display_name: string } } | undefined> {
  const [row] = await db
    .select({ profile: profiles, account: { id: accounts.id, identifier: accounts.identifier, display_name: accounts.displayName } })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(and(eq(profiles.id, id), profileIsLive))
    .limit(1);
  return row;
}

/** The location's queues as a visitor picks among them: the default first, then by priority (1 first), then name. */
export async function queueIdsOfProfile(db: Queryable, profileId: string): Promise<string[]> {
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.profileId, profileId), queueIsLive))
    .orderBy(desc(queues.isDefault), asc(queues.priority), asc(queues.name), asc(queues.id));
  return rows.map((r) => r.id);
}
