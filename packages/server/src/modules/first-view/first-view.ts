import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '@wartefrei/shared';
import { readPageTemplate, type PageTemplate } from './page.js';

/*
 * The ticket, draw and booking pages served with their first view (issue 44 §1,
 * docs/architecture.md#front-end): the web build's SSR module (`<web build>/.ssr/first-view.js`,
 * `npm run build`) renders the same React screens the browser then hydrates. Their data comes
 * from this app's own public routes through inject — the same answers, language and limits as
 * the browser's requests, so the page shows nothing its link's holder could not fetch.
 */

type ServerGet = (path: string, lang: string) => Promise<{ status: number; body: unknown }>;
interface Renderer {
  renderFirstView(url: string, get: ServerGet, chosenLang: string | undefined): Promise<{ status: number; html: string; view: unknown; screen: string; lang: string } | undefined>;
}

export interface FirstViewPage {
  status: number;
  html: string;
  /** A ticket's page is the key holder's alone: kept by no cache; the others are revalidated. */
  cacheControl: string;
}

/** The language chosen on the device (LANGUAGE_COOKIE, set by the web app), as written; the renderer checks it. */
export function chosenLanguage(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === LANGUAGE_COOKIE && value) return value;
  }
  return undefined;
}

/**
 * A function answering a page request with its first view, or undefined (no SSR build, another
 * page, data not to be had): the caller then serves index.html as before. A build copied under
 * the running server is picked up like index.html is (`version`: platform/web.ts webBuildVersion).
 */
export function firstViews(app: FastifyInstance, webDistDir: string, version: () => string): (req: FastifyRequest) => Promise<FirstViewPage | undefined> {
  const moduleFile = path.join(webDistDir, '.ssr', 'first-view.js');
  let build: { version: string; renderer: Promise<Renderer | undefined>; template: PageTemplate | undefined } | undefined;
  const current = () => {
    const now = version();
    if (build?.version !== now) {
      const renderer = fs.existsSync(moduleFile)
        ? (import(`${pathToFileURL(moduleFile).href}?build=${now}`) as Promise<Renderer>).catch((error: unknown) => {
            app.log.error({ err: error }, 'the first-view module of the web build did not load; pages come without it');
            return undefined;
          })
        : Promise.resolve(undefined);
      build = { version: now, renderer, template: readPageTemplate(webDistDir) };
    }
    return build;
  };

  return async (req) => {
    const { renderer: loading, template } = current();
    const renderer = await loading;
    if (!renderer || !template) return undefined;
    const get: ServerGet = async (apiPath, lang) => {
      const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json', 'accept-language': lang }, remoteAddress: req.ip });
      let body: unknown;
      try {
        body = response.json();
      } catch {
        body = undefined;
      }
      return { status: response.statusCode, body };
    };
    let rendered: Awaited<ReturnType<Renderer['renderFirstView']>>;
    try {
      rendered = await renderer.renderFirstView(req.url, get, chosenLanguage(req.headers.cookie));
    } catch (error) {
      // A screen that cannot render on the server still works in the browser: the page as before.
      req.log.error({ err: error }, 'the first view did not render');
      return undefined;
    }
    if (!rendered) return undefined;
    return {
      status: rendered.status,
      html: template.page(rendered.screen, rendered.html, rendered.view, rendered.lang),
      cacheControl: rendered.screen === 'ticket' ? 'private, no-store' : 'private, no-cache',
    };
  };
}
