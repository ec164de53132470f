// The budget check's arithmetic on a small manifest of Vite's shape: which files a page loads,
// each once, and when a page fails its budget. The real check runs on the production build
// (page-budgets.check.mjs); this proves it can fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkClosure, overBudget, weighPages } from './closure.mjs';

const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/start.tsx', 'src/Screen.tsx', 'src/Other.tsx'] },
  'src/start.tsx': { file: 'assets/start.js', isDynamicEntry: true, imports: ['index.html', '_react.js'], css: ['assets/start.css'] },
  'src/Screen.tsx': { file: 'assets/Screen.js', isDynamicEntry: true, imports: ['_react.js', '_shared.js'], dynamicImports: ['src/Lazy.tsx'] },
  'src/Other.tsx': { file: 'assets/Other.js', isDynamicEntry: true, imports: ['_heavy.js'] },
  'src/Lazy.tsx': { file: 'assets/Lazy.js', isDynamicEntry: true, imports: ['_heavy.js'] },
  '_react.js': { file: 'assets/react.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_heavy.js': { file: 'assets/heavy.js' },
};

describe('chunkClosure', () => {
  it('takes the named chunks and their static imports, each once, through cycles', () => {
    expect(chunkClosure(manifest, ['index.html', 'src/start.tsx', 'src/Screen.tsx'])).toEqual([
      'assets/Screen.js',
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
      'assets/start.js',
    ]);
  });

  it('leaves out what is only imported dynamically, and CSS', () => {
    const files = chunkClosure(manifest, ['src/Screen.tsx']);
    expect(files).not.toContain('assets/Lazy.js');
    expect(files).not.toContain('assets/heavy.js');
    expect(files.every((file) => file.endsWith('.js'))).toBe(true);
  });

  it('refuses a chunk the manifest does not have: a page weighed without its screen passes any budget', () => {
    expect(() => chunkClosure(manifest, ['index.html', 'src/Gone.tsx'])).toThrow('src/Gone.tsx is not in the build');
  });
});

describe('overBudget', () => {
  const pages = { draw: { budget_bytes: 100_000 }, ticket: { budget_bytes: 90_000 } };

  it('passes pages within their budget and up to 5 % over it', () => {
    expect(overBudget({ draw: { bytes: 100_000 }, ticket: { bytes: 94_500 } }, pages)).toEqual([]);
  });

  it('fails a page more than 5 % over, naming it with its figures', () => {
    expect(overBudget({ draw: { bytes: 105_001 }, ticket: { bytes: 80_000 } }, pages)).toEqual([{ name: 'draw', bytes: 105_001, budget_bytes: 100_000, ratio: 1.05 }]);
  });
});

describe('weighPages', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'js-budgets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sums the gzipped bytes of the closure from a build folder', () => {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) fs.writeFileSync(path.join(dir, chunk.file), `export const x = ${JSON.stringify(chunk.file.repeat(50))};`);
    const { screen, other } = weighPages(dir, { screen: { chunks: ['src/Screen.tsx'] }, other: { chunks: ['src/Other.tsx'] } });
    expect(screen.files).toEqual(['assets/Screen.js', 'assets/react.js', 'assets/shared.js']);
    expect(other.files).toEqual(['assets/Other.js', 'assets/heavy.js']);
    // Three small files gzip to more than two, and each to at least its gzip header.
    expect(screen.bytes).toBeGreaterThan(other.bytes);
    expect(other.bytes).toBeGreaterThan(2 * 18);
  });

  it('says to build first when there is no manifest', () => {
    expect(() => weighPages(path.join(dir, 'nothing'), {})).toThrow('build the web app first');
  });
});
