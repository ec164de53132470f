import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { currentHandle } from './route-handle';

/**
 * A patient path reached inside the staff app (a client-side link): the patient screens are a
 * separate small app (features/patient/app), so the page loads anew and the bootstrap picks it.
 */
export function PatientHandoff() {
  const { t } = useTranslation('common');
  const handle = currentHandle(useMatches());
  useEffect(() => {
    if (import.meta.env.MODE !== 'test') window.location.reload();
  }, []);
  return (
    <main className="patient-screen" data-screen={handle?.screen}>
      <h1>{t(`routes.${handle?.title ?? 'ticket'}`)}</h1>
    </main>
  );
}
