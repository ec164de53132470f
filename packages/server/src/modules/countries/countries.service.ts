import type { Country, SupportedLang } from '@wartefrei/shared';
import type { Queryable } from '../../db/connect.js';
import type { AppContext } from '../../platform/context.js';
import { listCountryCodes } from './countries.repo.js';

// The table changes only with a migration, so each language's list is worked out once per
// database. What is kept is the answer, never a pending read: a read that failed (the database
// away for a moment) would otherwise be every later caller's answer. Kept per database, not per
// process, so that apps sharing a process (tests, a second app in a script) never see another's.
const listsByDatabase = new WeakMap<Queryable, Map<SupportedLang, Country[]>>();

/** Every ISO 3166 country, named and sorted in the caller's language (names from ICU). */
export async function listCountries(ctx: AppContext, lang: SupportedLang): Promise<Country[]> {
  let byLang = listsByDatabase.get(ctx.db);
  if (!byLang) listsByDatabase.set(ctx.db, (byLang = new Map<SupportedLang, Country[]>()));
  const cached = byLang.get(lang);
  if (cached) return cached;
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(lang);
  const list = (await listCountryCodes(ctx.db))
    .map((c) => ({ id: c.id, iso_code: c.isoCode, name: names.of(c.isoCode) ?? c.isoCode }))
    .sort((a, b) => collator.compare(a.name, b.name));
  if (list.length > 0) byLang.set(lang, list);
  return list;
}
