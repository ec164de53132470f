import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rescueLostFocus } from '../../../lib/focus-rescue';
import { PatientApp } from './PatientApp';
import { rememberKeyTag } from './key-tag';

/** The patient app's entry: React and the screen for this path, nothing of the staff area. */
rescueLostFocus();
// A printed link's `#k=` (the practice key's fingerprint), kept before any in-app navigation drops it.
rememberKeyTag(window.location);
window.addEventListener('hashchange', () => rememberKeyTag(window.location));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PatientApp />
  </StrictMode>,
);
