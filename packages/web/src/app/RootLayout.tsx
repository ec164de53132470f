import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { currentHandle } from './route-handle';

/** The root of every route: keeps the document title as "wartefrei – <route name>". */
export function RootLayout() {
  const { t, i18n } = useTranslation('common');
  const handle = currentHandle(useMatches());
  useEffect(() => {
    const product = t('productName');
    document.title = handle ? `${product} – ${t(`routes.${handle.title}`)}` : product;
  }, [handle, t, i18n.language]);
  return <Outlet />;
}
