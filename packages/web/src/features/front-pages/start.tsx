import './front-base.css';
import './front-frame.css';
import '../../ui/reduced-motion.css';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { loadChunk } from '../../lib/chunks';
import { rescueLostFocus } from '../../lib/focus-rescue';
import { frontLanguage, loadTexts, type FrontNamespace } from './front-i18n';
import type { FrontPage } from './front-routes';
import { FrontFrame } from './FrontFrame';

/** What each page reads and its own chunk: the landing page loads no sign-in code, and the other way round. */
const PAGES: Record<FrontPage, { namespaces: FrontNamespace[]; load: () => Promise<ComponentType> }> = {
  landing: { namespaces: ['common', 'landing'], load: async () => (await import('./FrontLandingPage')).FrontLandingPage },
  login: { namespaces: ['common', 'auth', 'server'], load: async () => (await import('./FrontLoginPage')).FrontLoginPage },
};

/** The light app of the front pages (main.tsx chooses it): React and the page, no Mantine, router or i18next. */
export async function startFrontPage(page: FrontPage): Promise<void> {
  const { namespaces, load } = PAGES[page];
  rescueLostFocus();
  // Texts and page at the same time; nothing is shown before its words are here.
  const [Page] = await Promise.all([loadChunk(load), loadChunk(() => loadTexts(namespaces))]);
  document.documentElement.lang = frontLanguage();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <FrontFrame page={page} namespaces={namespaces}>
        <Page />
      </FrontFrame>
    </StrictMode>,
  );
}
