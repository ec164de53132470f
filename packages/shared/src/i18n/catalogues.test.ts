import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG, PATIENT_LANGS, PATIENT_NAMESPACES, PATIENT_SERVER_SECTIONS, STAFF_LANGS, type SupportedLang } from './languages.js';

/*
 * Every shipped language is complete where it is shipped: the staff languages in every
 * namespace, the patients' languages in the patients' screens and the server's texts patients
 * meet. A key missing, a placeholder that differs from German ({name}, {0}), or a plural form
 * the language's rules need (Intl.PluralRules: Arabic has six, Polish and Ukrainian four) fails.
 */

type Tree = { [key: string]: string | Tree };
const root = path.dirname(fileURLToPath(import.meta.url));
const read = (lang: string, ns: string): Tree | undefined => {
  const file = path.join(root, lang, `${ns}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : undefined;
};
const allNamespaces = fs
  .readdirSync(path.join(root, DEFAULT_LANG))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

/** `a.b.c` → text, for every leaf. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of leaves(value, name)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort();
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The problems of one language's catalogue against German's: each German key (a plural key
 * as its stem, needing every category of the language), its placeholders those of German's.
 */
export function catalogueProblems(lang: SupportedLang, german: Tree, translated: Tree | undefined): string[] {
  if (!translated) return ['the file is missing'];
  const source = leaves(german);
  const target = leaves(translated);
  const problems: string[] = [];
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const stems = new Set<string>();
  for (const [key, text] of source) {
    if (PLURAL.test(key)) {
      const stem = key.replace(PLURAL, '');
      if (stems.has(stem)) continue;
      stems.add(stem);
      const germanOther = placeholders(source.get(`${stem}_other`) ?? text);
      for (const category of categories) {
        const own = target.get(`${stem}_${category}`);
        if (own === undefined) {
          problems.push(`${stem}_${category}: missing`);
          continue;
        }
        // "one", "two" and "zero" may say the number in words; every other form shows {count}.
        const wordy = ['zero', 'one', 'two'].includes(category);
        const expected = wordy ? germanOther.filter((p) => p !== '{count}' || placeholders(own).includes(p)) : germanOther;
        if (placeholders(own).join() !== expected.join()) problems.push(`${stem}_${category}: placeholders ${placeholders(own).join(' ')} ≠ ${germanOther.join(' ')}`);
      }
      continue;
    }
    const own = target.get(key);
    if (own === undefined) problems.push(`${key}: missing`);
    else if (own.trim() === '' && text.trim() !== '') problems.push(`${key}: empty`);
    else if (placeholders(own).join() !== placeholders(text).join()) problems.push(`${key}: placeholders ${placeholders(own).join(' ')} ≠ ${placeholders(text).join(' ')}`);
  }
  return problems;
}

const pick = (tree: Tree, sections: readonly string[]): Tree => Object.fromEntries(sections.map((section) => [section, tree[section] ?? {}]));

describe.each(STAFF_LANGS.filter((lang) => lang !== DEFAULT_LANG))('staff language %s', (lang) => {
  it.each(allNamespaces)('%s is complete', (ns) => {
    expect(catalogueProblems(lang, read(DEFAULT_LANG, ns)!, read(lang, ns))).toEqual([]);
  });
});

describe.each(PATIENT_LANGS.filter((lang) => lang !== DEFAULT_LANG))('patient language %s', (lang) => {
  it.each(PATIENT_NAMESPACES)('%s is complete', (ns) => {
    expect(catalogueProblems(lang, read(DEFAULT_LANG, ns)!, read(lang, ns))).toEqual([]);
  });

  it('the server’s texts for patients are complete', () => {
    const translated = read(lang, 'server');
    expect(catalogueProblems(lang, pick(read(DEFAULT_LANG, 'server')!, PATIENT_SERVER_SECTIONS), translated && pick(translated, PATIENT_SERVER_SECTIONS))).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  const german = { a: 'Hallo {name}', n_one: '{count} Person', n_other: '{count} Personen' };
  it('names a missing key, a changed placeholder and a missing plural form', () => {
    expect(catalogueProblems('pl', german, { a: 'Cześć {imie}', n_one: '{count} osoba', n_few: '{count} osoby', n_other: '{count} osób' })).toEqual([
      'a: placeholders {imie} ≠ {name}',
      'n_many: missing',
    ]);
    expect(catalogueProblems('en', german, { n_one: 'one person', n_other: '{count} people' })).toEqual(['a: missing']);
  });
});
