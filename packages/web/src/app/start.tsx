import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { rescueLostFocus } from '../lib/focus-rescue';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';
import { initI18n } from '../i18n';

/** The public pages and the staff area: router, Mantine, i18next. */
const root = createRoot(document.getElementById('root')!);
rescueLostFocus();
const router = createBrowserRouter(routes);

void initI18n().then(() => {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
