import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useRouteError } from 'react-router';
import { isChunkLoadFailure } from '../lib/chunks';
import './chunk-reload.css';

/**
 * A routing error never ends blank: a screen whose script did not come (offline, a deploy, 120 s
 * without an answer) offers a reload; a page that threw ends at /404.
 */
export function RouteErrorRedirect() {
  const error = useRouteError();
  useEffect(() => {
    console.error('route error', error);
  }, [error]);
  if (isChunkLoadFailure(error)) return <ChunkReloadPrompt />;
  return <Navigate to="/404" replace />;
}

/** Plain markup: this may show outside the Mantine frame, whose own script may be what failed. */
function ChunkReloadPrompt() {
  const { t } = useTranslation('common');
  return (
    <main role="alert" className="chunk-reload">
      <h1>{t('chunkFailed.title')}</h1>
      <p>{t('chunkFailed.text')}</p>
      <button type="button" autoFocus onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </button>
    </main>
  );
}
