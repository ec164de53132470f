import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { BillingPanel } from './BillingPanel';

/** `/backend/management/billing` (admins): billing on a page of its own, the link of mails and banners. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  return (
    <Page title={t('title')} size="lg">
      <BillingPanel />
    </Page>
  );
}
