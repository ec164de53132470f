import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LANG, isSupportedLang, textDirection } from '@wartefrei/shared';

/*
 * The first view's page: the built index.html with the screen's markup in #root, the screen's
 * CSS inline (no render-blocking request before the number shows) and its state as JSON.
 */

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/*
 * The app's script starts after the first view is painted, not beside it: the page's own entry
 * (`<script type="module" src="/assets/index-….js">`) is replaced by this constant inline script,
 * which adds that module once the browser has painted a frame. A cheap phone spends its first
 * moments on drawing the number rather than on parsing React, and nothing downloads ahead of
 * the paint (Lighthouse counted those downloads into the LCP). Allowed by its hash alone
 * (`bootScriptSource`), so the CSP still forbids every other inline script.
 */
const BOOT_SCRIPT =
  "requestAnimationFrame(function(){setTimeout(function(){var b=document.getElementById('wartefrei-boot'),s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=b.getAttribute('data-src');document.head.appendChild(s)},0)})";
/** The CSP source that admits the boot script and nothing else inline. */
export const bootScriptSource = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;
const ENTRY_SCRIPT = /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** The page's Content-Security-Policy with the boot script's hash added to its script sources. */
export function admittingBootScript(csp: string): string {
  return /script-src 'self'/.test(csp) ? csp.replace(/script-src 'self'/, `script-src 'self' ${bootScriptSource}`) : `${csp};script-src 'self' ${bootScriptSource}`;
}

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
  /** The page with the screen's markup, CSS and state put in, marked as written in `lang`. */
  page(screen: string, html: string, state: unknown, lang: string): string;
}

/** Reads index.html, the manifest and the patient screens' CSS of a build (once per build). */
export function readPageTemplate(webDistDir: string): PageTemplate | undefined {
  const indexFile = path.join(webDistDir, 'index.html');
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(indexFile) || !fs.existsSync(manifestFile)) return undefined;
  const built = fs.readFileSync(indexFile, 'utf8');
  const entry = ENTRY_SCRIPT.exec(built)?.[1];
  if (!entry || !built.includes('<div id="root"></div>') || !built.includes('</head>')) return undefined;
  const boot = `<script id="wartefrei-boot" data-src="${entry}">${BOOT_SCRIPT}</script>`;
  const index = built.replace(ENTRY_SCRIPT, '');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const styles = new Map<string, string>();
  for (const [screen, source] of Object.entries(SCREEN_SOURCES)) {
    const files = [...new Set([...cssOf(manifest, PATIENT_APP_SOURCE), ...cssOf(manifest, source)])];
    styles.set(screen, files.map((file) => fs.readFileSync(path.join(webDistDir, file), 'utf8')).join('\n'));
  }
  return {
    page(screen, html, state, lang) {
      const style = `<style>${(styles.get(screen) ?? '').replace(/<\/style/gi, '<\\/style')}</style>`;
      const data = `<script type="application/json" id="first-view">${jsonForScript(state)}</script>`;
      const language = isSupportedLang(lang) ? lang : DEFAULT_LANG;
      // Replaced by functions: a `$&` in the markup stays as written.
      return index
        .replace(/<html lang="[^"]*">/, () => `<html lang="${language}" dir="${textDirection(language)}">`)
        .replace('</head>', () => `${style}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>${data}${boot}`);
    },
  };
}
