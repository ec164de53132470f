import { z } from 'zod';
import { isUuid } from './auth.js';

/** No row has it: every id of ours is a random (v4) UUID. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * An id in a request path. A malformed one names nothing, so it is read as the nil UUID, which
 * no row has: the route answers exactly as for an unknown id — 404 with its own code
 * (MEMBER_NOT_FOUND, PROFILE_NOT_FOUND, …) — and no service checks the format again.
 * It also keeps text PostgreSQL would refuse as a uuid (or NUL) away from every query.
 */
export const PathId = z
  .string()
  .transform((value) => (isUuid(value) ? value : NIL_UUID))
  .meta({ description: 'A UUID; any other value is answered like an unknown id (404).' });

/** `{ id }`: the path parameters of a route on one resource. */
export const IdParams = z.object({ id: PathId });

/** Path parameters that are all ids, e.g. `pathIds('queueId', 'userId')`. */
export function pathIds<K extends string>(...names: K[]): z.ZodObject<Record<K, typeof PathId>> {
  return z.object(Object.fromEntries(names.map((name) => [name, PathId])) as Record<K, typeof PathId>);
}
