import { z } from 'zod';
import { isUuid } from './auth.js';

/** No row has it: every id of ours is a random (v4) UUID. */
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** An id as a query may take it: the nil UUID unless it is one. */
const idOrNil = (value: string): string => (isUuid(value) ? value : NIL_UUID);

/**
 * An id in a request path. A malformed one names nothing, so it is read as the nil UUID, which
 * no row has: the route answers exactly as for an unknown id — 404 with its own code
 * (MEMBER_NOT_FOUND, PROFILE_NOT_FOUND, …) — and no service checks the format again.
 * It also keeps text PostgreSQL would refuse as a uuid (or NUL) away from every query.
 */
export const PathId = z.string().transform(idOrNil).meta({ description: 'A UUID; any other value is answered like an unknown id (404).' });

/** `{ id }`: the path parameters of a route on one resource. */
export const IdParams = z.object({ id: PathId });

/** Path parameters that are all ids, e.g. `pathIds('queueId', 'userId')`. */
export function pathIds<K extends string>(...names: K[]): z.ZodObject<Record<K, typeof PathId>> {
  return z.object(Object.fromEntries(names.map((name) => [name, PathId])) as Record<K, typeof PathId>);
}

/**
 * The key in a patient's path: the token of their link (docs/security.md#patient-links). On the
 * routes staff use as well, signed-in staff pass the record's id instead. Any other value is
 * answered like an unknown token (404).
 */
export const PatientKey = z.string().max(128).meta({
  description: "The token of the patient's link (`patient_url`); staff with credentials may pass the id where the route serves staff too. An id without credentials answers 404.",
});

/** `{ token }`: the path parameter of a patient's route. */
export const TokenParams = z.object({ token: PatientKey });
