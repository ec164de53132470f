import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rescueLostFocus } from '../../../lib/focus-rescue';
import { PatientApp } from './PatientApp';

/** The patient app's entry: React and the screen for this path, nothing of the staff area. */
rescueLostFocus();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PatientApp />
  </StrictMode>,
);
