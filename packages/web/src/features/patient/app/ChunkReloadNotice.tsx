import { useText } from './i18n';

/** A patient screen whose script did not come: said plainly, with the one thing to do. */
export function ChunkReloadNotice() {
  const { t } = useText('footer');
  return (
    <main className="patient-screen" role="alert">
      <h1>{t('chunkFailed.title')}</h1>
      <p>{t('chunkFailed.text')}</p>
      <button type="button" className="patient-submit" autoFocus onClick={() => window.location.reload()}>
        {t('chunkFailed.reload')}
      </button>
    </main>
  );
}
