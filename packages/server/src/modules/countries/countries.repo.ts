import type { Queryable } from '../../db/connect.js';
import { countries } from '../../db/schema/index.js';

/** Every country's id and ISO code. */
export function listCountryCodes(db: Queryable): Promise<{ id: number; isoCode: string }[]> {
  return db.select({ id: countries.id, isoCode: countries.isoCode }).from(countries);
}
