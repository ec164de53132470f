import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLegalInformation } from './legal.api';

/** For admins, until the server's operator has set the legal notice's details (OPERATOR_* in the README). */
export function OperatorWarning() {
  const { t } = useTranslation('legal');
  const legal = useLegalInformation();
  if (!legal.data || legal.data.operator) return null;
  return <Alert color="yellow">{t('imprint.missingAdmin')}</Alert>;
}
