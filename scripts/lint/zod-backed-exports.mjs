// Which names of @wartefrei/shared bring zod into the page that imports them: those a file
// exports whose top level reaches `zod` through runtime imports (a schema there is a call the
// bundler keeps, and with it all of zod, 24.6 KB gzipped). ESLint refuses these names on the
// patient pages (eslint.config.js); type-only imports are erased and stay allowed.
import fs from 'node:fs';
import path from 'node:path';

const RUNTIME_IMPORT = /^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s*'([^']+)'/gm;
const DECLARED_EXPORT = /^export\s+(?:declare\s+)?(?:const|let|var|async\s+function\*?|function\*?|class|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED_EXPORT = /^export\s+\{([^}]*)\}(?:\s*from\s*'([^']+)')?/gm;

function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  return [`${base}.ts`, path.join(base, 'index.ts')].find((file) => fs.existsSync(file));
}

/** The value names (not types) that files of `srcDir` export while their top level reaches zod. */
export function zodBackedExports(srcDir) {
  const reaches = new Map();
  const reachesZod = (file, seen = new Set()) => {
    if (reaches.has(file)) return reaches.get(file);
    if (seen.has(file)) return false;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const result = [...text.matchAll(RUNTIME_IMPORT)].some(([, , specifier]) => {
      if (specifier === 'zod' || specifier.startsWith('zod/')) return true;
      const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined;
      return target !== undefined && reachesZod(target, seen);
    });
    reaches.set(file, result);
    return result;
  };
  // A re-export costs nothing (the package is free of side effects): a name passed on from
  // another file counts as that file does, and `export *` lines name nothing of their own.
  const valueNamesOf = (file) => {
    const text = fs.readFileSync(file, 'utf8');
    const declared = reachesZod(file) ? [...text.matchAll(DECLARED_EXPORT)].map(([, name]) => name) : [];
    const listed = [...text.matchAll(LISTED_EXPORT)].flatMap(([, list, from]) => {
      const origin = from?.startsWith('.') ? resolveRelative(file, from) : file;
      if (!origin || !reachesZod(origin)) return [];
      return list
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry && !entry.startsWith('type '))
        .map((entry) => entry.split(/\s+as\s+/).pop());
    });
    return [...declared, ...listed];
  };
  const files = fs
    .readdirSync(srcDir, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(srcDir, file));
  return [...new Set(files.flatMap(valueNamesOf))].sort();
}
