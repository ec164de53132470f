import type { Country, SupportedLang } from '@wartefrei/shared';
import type { AppContext } from '../../platform/context.js';
import { listCountryCodes } from './countries.repo.js';

// The table changes only with a migration, so it is read once per process.
let rows: Promise<{ id: number; isoCode: string }[]> | undefined;
const byLang = new Map<string, Country[]>();

/** Every ISO 3166 country, named and sorted in the caller's language (names from ICU). */
export async function listCountries(ctx: AppContext, lang: SupportedLang): Promise<Country[]> {
  const cached = byLang.get(lang);
  if (cached) return cached;
  rows ??= listCountryCodes(ctx.db);
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(lang);
  const list = (await rows)
    .map((c) => ({ id: c.id, iso_code: c.isoCode, name: names.of(c.isoCode) ?? c.isoCode }))
    .sort((a, b) => collator.compare(a.name, b.name));
  if (list.length > 0) byLang.set(lang, list);
  else rows = undefined;
  return list;
}
