import { syncSubscriptionSoon } from '../billing/index.js';
import Holidays from 'date-holidays';
import {
  DEFAULT_TIME_ZONE,
  canonicalTimeZone,
  hasMeaningfulCharacters,
  isRefusedIdentifier,
  isReservedLocationIdentifier,
  sanitizeIdentifier,
  type CreateProfileInput,
  type KioskPrinting,
  type Profile,
  type UpdateProfileInput,
} from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, isUniqueViolation, violatedConstraint, type FieldProblem } from '../../platform/errors.js';
import { findProfileInAccount, insertProfile, listProfilesOfAccount, updateProfileInAccount, type ProfileChanges, type ProfileRow } from './profiles.repo.js';

/** The API shape of a location. */
export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    name: row.name,
    identifier: row.identifier,
    time_zone: row.timeZone,
    country: row.country as Profile['country'],
    region: row.region,
    address: {
      street1: row.street1,
      postcode: row.postcode,
      city: row.city,
      province: row.province,
      country: row.addressCountry,
    },
    kiosk_printing: row.kioskPrinting as KioskPrinting,
    quiet_hours: { start: row.quietHoursStart, end: row.quietHoursEnd },
  };
}

/** Only admins change locations and queues (docs/product.md#roles-and-permissions); processors get 403. */
export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('FORBIDDEN');
}

/**
 * Sanitises a profile or queue identifier (docs/product.md#validation-rules) and refuses one without a letter or
 * digit, or one that a public path word would shadow (`null`, `monitor`, `kiosk`, ...).
 */
export function checkLocationIdentifier(raw: string): { identifier: string; problem?: FieldProblem } {
  const identifier = sanitizeIdentifier(raw);
  if (!hasMeaningfulCharacters(identifier)) return { identifier, problem: 'IDENTIFIER_INVALID' };
  // The app's own first path segments (and the demo's name) too: a link to a location or list
  // named `dashboard` or `praxis-demo` reads like one of ours (issue 40 §9).
  if (isReservedLocationIdentifier(identifier) || isRefusedIdentifier(identifier)) return { identifier, problem: 'IDENTIFIER_RESERVED' };
  return { identifier };
}

const holidays = new Holidays();

/** Whether `region` is a state or canton code date-holidays knows for `country`. */
function isKnownRegion(country: string, region: string): boolean {
  const states = holidays.getStates(country) as Record<string, string> | undefined;
  return states !== undefined && Object.hasOwn(states, region);
}

const blankToNull = (value: string | null | undefined): string | null | undefined => (value === '' ? null : value);

/** Maps the unique index on (account, lower(identifier)) to the identifier field. */
function uniqueIdentifierConflict(error: unknown): AppError | undefined {
  if (isUniqueViolation(error) && violatedConstraint(error) === 'profiles_account_identifier_unique') {
    return new AppError('UNIQUE', { fields: { identifier: 'IDENTIFIER_IN_USE' } });
  }
  return undefined;
}

/** The column changes of a create or patch input, validated; the region is checked against the merged country. */
function profileChanges(input: UpdateProfileInput, stored: ProfileRow | undefined): ProfileChanges {
  const fields: Record<string, FieldProblem> = {};
  const changes: ProfileChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.identifier !== undefined) {
    const { identifier, problem } = checkLocationIdentifier(input.identifier);
    if (problem) fields.identifier = problem;
    changes.identifier = identifier;
  }
  if (input.time_zone !== undefined) changes.timeZone = canonicalTimeZone(input.time_zone) ?? input.time_zone;
  if (input.country !== undefined) changes.country = input.country;
  if (input.region !== undefined) changes.region = input.region;
  if (input.kiosk_printing !== undefined) changes.kioskPrinting = input.kiosk_printing;
  if (input.quiet_hours !== undefined) Object.assign(changes, { quietHoursStart: input.quiet_hours.start, quietHoursEnd: input.quiet_hours.end });
  const address = input.address;
  if (address) {
    if (address.street1 !== undefined) changes.street1 = blankToNull(address.street1);
    if (address.postcode !== undefined) changes.postcode = blankToNull(address.postcode);
    if (address.city !== undefined) changes.city = blankToNull(address.city);
    if (address.province !== undefined) changes.province = blankToNull(address.province);
    if (address.country !== undefined) changes.addressCountry = blankToNull(address.country);
  }
  const country = changes.country !== undefined ? changes.country : (stored?.country ?? null);
  const region = changes.region !== undefined ? changes.region : (stored?.region ?? null);
  if (region !== null && (country === null || !isKnownRegion(country, region))) fields.region = 'INVALID_REGION';
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
  return changes;
}

/** `GET /profiles`: every location of the caller's account (processors too: they work in them). */
export async function listProfiles(ctx: AppContext, actor: Actor): Promise<Profile[]> {
  return (await listProfilesOfAccount(ctx.db, actor.accountId)).map(presentProfile);
}

/** The caller's own location; a foreign, unknown or malformed id is a 404 like a missing one. */
async function loadProfile(ctx: AppContext, actor: Actor, id: string): Promise<ProfileRow> {
  const row = await findProfileInAccount(ctx.db, actor.accountId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** `GET /profiles/{id}`. */
export async function getProfile(ctx: AppContext, actor: Actor, id: string): Promise<Profile> {
  return presentProfile(await loadProfile(ctx, actor, id));
}

/** `POST /profiles` (admins): a new location, in DEFAULT_TIME_ZONE unless another zone is given. */
export async function createProfile(ctx: AppContext, actor: Actor, input: CreateProfileInput): Promise<Profile> {
  requireAdmin(actor);
  const changes = profileChanges(input, undefined);
  try {
    const row = await insertProfile(ctx.db, {
      ...changes,
      accountId: actor.accountId,
      name: input.name,
      identifier: changes.identifier ?? input.identifier,
      timeZone: changes.timeZone ?? DEFAULT_TIME_ZONE,
    });
    syncSubscriptionSoon(ctx, actor.accountId);
    return presentProfile(row);
  } catch (error) {
    throw uniqueIdentifierConflict(error) ?? error;
  }
}

/** `PATCH /profiles/{id}` (admins): only what is sent changes; the region must fit the resulting country. */
export async function updateProfile(ctx: AppContext, actor: Actor, id: string, input: UpdateProfileInput): Promise<Profile> {
  requireAdmin(actor);
  const stored = await loadProfile(ctx, actor, id);
  const changes = profileChanges(input, stored);
  if (Object.keys(changes).length === 0) return presentProfile(stored);
  try {
    const row = await updateProfileInAccount(ctx.db, actor.accountId, id, { ...changes, updatedAt: ctx.clock.now() });
    if (!row) throw new AppError('NOT_FOUND');
    return presentProfile(row);
  } catch (error) {
    throw uniqueIdentifierConflict(error) ?? error;
  }
}
