import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { rescueLostFocus } from '../../../lib/focus-rescue';
import { PatientApp } from './PatientApp';
import { rememberKeyTag } from './key-tag';
import { readFirstViewFromPage } from './first-view';
import { loadNamespaces, renderIn } from './i18n';

/** The patient app's entry: React and the screen for this path, nothing of the staff area. */
rescueLostFocus();
// A printed link's `#k=` (the practice key's fingerprint), kept before any in-app navigation drops it.
rememberKeyTag(window.location);
window.addEventListener('hashchange', () => rememberKeyTag(window.location));
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <PatientApp />
  </StrictMode>
);
// A page the server rendered (ticket, draw, booking: first-view.ts) is taken over where it
// stands, in the language it was written in; any other starts from an empty root.
const firstView = readFirstViewFromPage();
if (firstView) {
  renderIn(firstView.lang);
  // Another language's texts arrive first (a few small files), or the take-over would write
  // German over the page; the page stays readable meanwhile.
  void loadNamespaces(firstView.lang, firstView.namespaces ?? [])
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
