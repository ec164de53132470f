import fs from 'node:fs';
import path from 'node:path';

/*
 * The first view's page: the built index.html with the screen's markup in #root, the screen's
 * CSS inline (no render-blocking request before the number shows) and its state as JSON.
 */

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The source of each screen's chunk in the build's manifest (vite.config.ts `manifest: true`). */
const SCREEN_SOURCES: Record<string, string> = {
  ticket: 'src/features/patient/ticket/TicketScreen.tsx',
  draw: 'src/features/patient/draw/DrawScreen.tsx',
  book: 'src/features/patient/booking/BookScreen.tsx',
};
const PATIENT_APP_SOURCE = 'src/features/patient/app/start.tsx';

/** The CSS files a chunk brings along, its own and those of the chunks it imports, each once. */
function cssOf(manifest: Manifest, source: string, seen = new Set<string>()): string[] {
  if (seen.has(source)) return [];
  seen.add(source);
  const chunk = manifest[source];
  if (!chunk) return [];
  return [...(chunk.imports ?? []).flatMap((imported) => cssOf(manifest, imported, seen)), ...(chunk.css ?? [])];
}

/**
 * A character a JSON string may hold that would end or confuse the script element around it
 * (`</script>`, `<!--`) or a line in older parsers: written as a JSON escape instead.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface PageTemplate {
  /** The page with the screen's markup, CSS and state put in. */
  page(screen: string, html: string, state: unknown): string;
}

/** Reads index.html, the manifest and the patient screens' CSS of a build (once per build). */
export function readPageTemplate(webDistDir: string): PageTemplate | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(indexFile) || !fs.existsSync(manifestFile)) return undefined;
  const index = fs.readFileSync(indexFile, 'utf8');
  if (!index.includes('<div id="root"></div>') || !index.includes('</head>')) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const styles = new Map<string, string>();
  for (const [screen, source] of Object.entries(SCREEN_SOURCES)) {
    const files = [...new Set([...cssOf(manifest, PATIENT_APP_SOURCE), ...cssOf(manifest, source)])];
    styles.set(screen, files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n'));
  }
  return {
    page(screen, html, state) {
      const style = `<style>${(styles.get(screen) ?? '').replace(/<\/style/gi, '<\\/style')}</style>`;
      const data = `<script type="application/json" id="first-view">${jsonForScript(state)}</script>`;
      // Replaced by functions: a `$&` in the markup stays as written.
      return index.replace('</head>', () => `${style}</head>`).replace('<div id="root"></div>', () => `<div id="root">${html}</div>${data}`);
    },
  };
}
