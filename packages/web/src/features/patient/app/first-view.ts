import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SupportedLang } from '@wartefrei/shared';
import type { PatientScreen } from './patient-routes';
import { settleLanguage, type Namespace } from './i18n';

/**
 * The first view: what the server rendered into the page (server-entry.tsx), so a patient reads
 * their number before any script runs. The same screen state travels in the page as JSON
 * (`<script type="application/json" id="first-view">`, not executed, so no CSP exception), and
 * the screen starts from it instead of asking the server again: the hydrating render equals the
 * server's HTML. It holds only what the screen's own public requests answered.
 */
export interface FirstView {
  screen: PatientScreen;
  /** The path it was rendered for: a screen reached later by navigation starts empty. */
  path: string;
  lang: SupportedLang;
  /** The text namespaces the page was written from: loaded in `lang` before the take-over. */
  namespaces: Namespace[];
  /** The screen's own starting state (ticket: TicketState; draw: its Load; book: BookFirstView). */
  state: unknown;
}

export const FIRST_VIEW_ELEMENT_ID = 'first-view';

let view: FirstView | undefined;
let taken = false;
const listeners = new Set<() => void>();

/** On the server: the view being rendered now (renderToString is synchronous, one page at a time). */
export function setFirstView(next: FirstView | undefined): void {
  view = next;
  taken = false;
}

/** In the browser: the view the page came with, if any (read once, at the start). */
export function readFirstViewFromPage(doc: Document = document): FirstView | undefined {
  const element = doc.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  try {
    setFirstView(JSON.parse(element.textContent) as FirstView);
  } catch {
    setFirstView(undefined);
  }
  return view;
}

/** Whether this render writes (server) or takes over (browser) the first view. */
export function renderingFirstView(): boolean {
  return view !== undefined && !taken;
}

/**
 * The screen's starting state from the page, for its first render only: once it has mounted, a
 * later screen (after a draw, back and forward) starts as it always did, from its requests.
 * On the server `pathname` is the rendered path; in the browser the address bar's.
 */
export function useFirstView<T>(screen: PatientScreen): T | undefined {
  const [initial] = useState(() => {
    if (!view || taken || view.screen !== screen) return undefined;
    if (typeof window !== 'undefined' && window.location.pathname !== view.path) return undefined;
    return view.state as T;
  });
  useEffect(() => {
    if (taken) return;
    taken = true;
    listeners.forEach((listener) => listener());
    // The screen has hydrated in the first view's language: now the patient's chosen one.
    settleLanguage();
  }, []);
  return initial;
}

/**
 * False while the page shows the server's first view and its screen's script has not taken over
 * yet: its buttons would do nothing, so they are disabled until then (PatientApp), and a tap
 * waits instead of getting lost. Always true on a page without a first view.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => !renderingFirstView(),
    () => !renderingFirstView(),
  );
}
