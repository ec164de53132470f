import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { rescueLostFocus } from '../../../lib/focus-rescue';
import { PatientApp } from './PatientApp';
import { rememberKeyTag } from './key-tag';
import { readFirstViewFromPage } from './first-view';
import { renderIn } from './i18n';

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
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
