import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_LANG, isSupportedLang, type SupportedLang, type TicketView } from '@wartefrei/shared';
import { PatientApiError } from './api';
import { setFirstView, type FirstView } from './first-view';
import { loadNamespaces, recordingNamespaces, renderIn, type Namespace } from './i18n';
import { PatientApp, type ScreenProps } from './PatientApp';
import { matchPatientRoute, type PatientRoute, type PatientScreen } from './patient-routes';
import { isLinkKey } from './patient-link';
import TicketScreen from '../ticket/TicketScreen';
import type { TicketState } from '../ticket/useTicket';
import DrawScreen from '../draw/DrawScreen';
import { loadDraw, type PatientGet } from '../draw/load-draw';
import BookScreen from '../booking/BookScreen';
import { findFreeTimes, firstBookingStep, type BookFirstView } from '../booking/load-booking';

/*
 * The server's half of the first view (docs/architecture.md#front-end): the ticket, draw and booking
 * screens rendered to HTML by the same components the browser hydrates. Built by Vite as an SSR
 * module (`<web build>/.ssr/first-view.js`, vite.config.ts) and imported by the server (modules/first-view). The
 * screens' data comes from the app's own public routes (`get`), so the page holds exactly what
 * the link's holder could already fetch, nothing more.
 */

/** What the server hands in: one public GET of its own API (status and JSON body). */
export type ServerGet = (path: string, lang: SupportedLang) => Promise<{ status: number; body: unknown }>;

export interface RenderedFirstView {
  /** 404 for a link that names nothing (the screen's not-found state), else 200. */
  status: number;
  /** The markup of #root. */
  html: string;
  /** The same state as JSON for the page (the screen starts from it). */
  view: FirstView;
  /** Which screen: the server inlines its styles. */
  screen: PatientScreen;
  /** The language it is written in (the page's `lang` and `dir`). */
  lang: SupportedLang;
}

const NOTHING: ComponentType<ScreenProps> = () => null;
const SCREENS: Record<PatientScreen, ComponentType<ScreenProps>> = {
  ticket: TicketScreen,
  draw: DrawScreen,
  book: BookScreen,
  appointment: NOTHING,
  offer: NOTHING,
  kiosk: NOTHING,
  monitor: NOTHING,
  embed: NOTHING,
};

/** The screens' requests answered by the server's own routes; a failure is the error the browser's fetch would give. */
function serverGet(get: ServerGet, lang: SupportedLang): PatientGet {
  return async <T,>(path: string) => {
    const { status, body } = await get(path, lang);
    if (status >= 200 && status < 300) return body as T;
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : `HTTP ${status}`;
    throw new PatientApiError(message, status);
  };
}

type Loaded = { status: number; state: unknown } | undefined;

async function ticketState(route: PatientRoute, get: PatientGet): Promise<Loaded> {
  const key = route.ticketKey ?? '';
  if (!isLinkKey(key)) return { status: 404, state: { kind: 'invalid' } satisfies TicketState };
  try {
    return { status: 200, state: { kind: 'ticket', ticket: await get<TicketView>(`/members/${key}`) } satisfies TicketState };
  } catch (error) {
    if (error instanceof PatientApiError && error.status === 404) return { status: 404, state: { kind: 'not-found' } satisfies TicketState };
    throw error;
  }
}

async function drawState(route: PatientRoute, pathname: string, get: PatientGet): Promise<Loaded> {
  try {
    const load = await loadDraw(route, pathname, { get });
    return load && { status: 200, state: load };
  } catch (error) {
    if (error instanceof PatientApiError && error.status === 404) return { status: 404, state: { kind: 'not-found' } };
    throw error;
  }
}

async function bookState(route: PatientRoute, search: URLSearchParams, get: PatientGet): Promise<Loaded> {
  const step = await firstBookingStep(route, search.get('type'), 'ONLINE', get);
  // A passing failure: the page as before (the screen asks again), rather than an error frozen into it.
  if (step.kind === 'problem' && step.problem === 'offline') return undefined;
  if (step.kind === 'problem') return { status: step.problem === 'link' ? 404 : 200, state: { step } satisfies BookFirstView };
  if (step.kind !== 'time') return { status: 200, state: { step } satisfies BookFirstView };
  const times = await findFreeTimes(step.type.id, 'ONLINE', 1, new Date(), get);
  if (times.found.slots.length === 0) return { status: 200, state: { step: { kind: 'problem', problem: 'no-slots' } } satisfies BookFirstView };
  return { status: 200, state: { step, times } satisfies BookFirstView };
}

/**
 * The first view of `url` (path and query), or undefined where there is none: another screen,
 * or the data could not be had (the page then comes as before and the screen asks itself).
 */
export async function renderFirstView(url: string, get: ServerGet, chosenLang: string | undefined): Promise<RenderedFirstView | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://first-view.invalid');
  const route = matchPatientRoute(pathname);
  if (!route || !['ticket', 'draw', 'book'].includes(route.screen)) return undefined;
  // The language chosen on this device (its cookie, LANGUAGE_COOKIE), else the one a first visit reads.
  const lang: SupportedLang = isSupportedLang(chosenLang) ? chosenLang : DEFAULT_LANG;
  const patientGet = serverGet(get, lang);
  let loaded: Loaded;
  try {
    if (route.screen === 'ticket') loaded = await ticketState(route, patientGet);
    else if (route.screen === 'draw') loaded = await drawState(route, pathname, patientGet);
    else loaded = await bookState(route, searchParams, patientGet);
  } catch {
    return undefined;
  }
  if (!loaded) return undefined;
  const { status, state } = loaded;
  // Synchronous from setFirstView to the end of renderToString: no other page renders meanwhile.
  const render = (namespaces: Namespace[]) => {
    const view: FirstView = { screen: route.screen, path: pathname, lang, namespaces, state };
    setFirstView(view);
    renderIn(lang);
    try {
      const { result: html, namespaces: read } = recordingNamespaces(() =>
        renderToString(
          <StrictMode>
            <PatientApp at={{ pathname, search: searchParams }} screens={SCREENS} />
          </StrictMode>,
        ),
      );
      return { html, view, read };
    } finally {
      setFirstView(undefined);
    }
  };
  let page = render([]);
  // Another language than German: its files for the texts just read, then the page again in it
  // (the files stay loaded in this module, so later pages render once). The browser loads the
  // same files before it takes over (start.tsx), so its first render writes the same words.
  if (await loadNamespaces(lang, page.read)) page = render(page.read);
  else page.view.namespaces = page.read;
  return { status, html: page.html, view: page.view, screen: route.screen, lang };
}
