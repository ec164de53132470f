// Every citation of the project's docs points at a section that exists: code comments cite
// `docs/<name>.md#section`, `CONTRIBUTING.md#section` or `README.md#section`, and a
// renamed or removed heading fails here with the file and line that still cite it. The specs
// the code was first written from (SPEC.md, ARCHITECTURE.md, CONVENTIONS.md) are not in the
// repository: citing them is refused too.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const DOCS = ['README.md', 'CONTRIBUTING.md', ...['product', 'architecture', 'security', 'screens', 'api', 'operations', 'performance'].map((name) => `docs/${name}.md`)];
const SCANNED = ['packages', 'e2e', 'bench', 'scripts', 'docs', 'README.md', 'CONTRIBUTING.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'results', 'artifacts', 'migrations']);
const TEXT_FILE = /\.(ts|tsx|mjs|js|css|md)$/;
const CITATION = /(docs\/(?:product|architecture|security|screens|api|operations|performance)\.md|CONTRIBUTING\.md|README\.md)#([A-Za-z0-9_-]+)/g;
const OUTSIDE_SPEC = /\b(SPEC|ARCHITECTURE|CONVENTIONS)\.md\b/g;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text: one per heading (code blocks ignored). */
export function anchorsOf(markdown) {
  const anchors = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) anchors.add(slugOf(heading[1]));
  }
  return anchors;
}

/** Problems of one file's text: `line: what`, given the anchors of every doc. */
export function citationProblems(text, anchorsByDoc) {
  const problems = [];
  text.split('\n').forEach((line, i) => {
    for (const [, doc, anchor] of line.matchAll(CITATION)) {
      if (!anchorsByDoc.get(doc)?.has(anchor)) problems.push(`${i + 1}: ${doc}#${anchor} names no section`);
    }
    for (const [name] of line.matchAll(OUTSIDE_SPEC)) problems.push(`${i + 1}: cites ${name}, which is not in the repository`);
  });
  return problems;
}

function* filesUnder(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(full, { withFileTypes: true })) {
    if (child.isDirectory() && SKIPPED_DIRS.has(child.name)) continue;
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) yield* filesUnder(relative);
    else if (TEXT_FILE.test(child.name)) yield relative;
  }
}

const thisFile = path.relative(root, fileURLToPath(import.meta.url));
const anchorsByDoc = new Map(DOCS.map((doc) => [doc, anchorsOf(fs.readFileSync(path.join(root, doc), 'utf8'))]));

describe('citations of the docs', () => {
  it.each([
    ['The API', 'the-api'],
    ['Rules that hold under concurrency', 'rules-that-hold-under-concurrency'],
    ['Where does my change go', 'where-does-my-change-go'],
    ['States and transitions', 'states-and-transitions'],
  ])('heading %s → #%s', (heading, slug) => expect(slugOf(heading)).toBe(slug));

  it('finds a citation of a missing section and of the outside specs', () => {
    const anchors = new Map([['docs/product.md', new Set(['entities'])]]);
    const text = '// docs/product.md#entities\n// docs/product.md#gibt-es-nicht\n/* SPEC.md §3 */';
    expect(citationProblems(text, anchors)).toEqual(['2: docs/product.md#gibt-es-nicht names no section', '3: cites SPEC.md, which is not in the repository']);
  });

  it('every citation in the repository names a section that exists', () => {
    const problems = [];
    for (const entry of SCANNED) {
      for (const file of filesUnder(entry)) {
        if (file === thisFile) continue;
        for (const problem of citationProblems(fs.readFileSync(path.join(root, file), 'utf8'), anchorsByDoc)) problems.push(`${file}:${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
