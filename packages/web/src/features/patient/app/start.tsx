import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PatientApp } from './PatientApp';

/** The patient app's entry: React and the screen for this path, nothing of the staff area. */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PatientApp />
  </StrictMode>,
);
