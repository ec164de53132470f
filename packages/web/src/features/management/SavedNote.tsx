import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Gespeichert" for six seconds after a save (useSavedFlag), announced politely. */
export function SavedNote({ saved }: { saved: boolean }) {
  const { t } = useTranslation('management');
  if (!saved) return null;
  return (
    <Text role="status" c="teal.9" fw={600}>
      {t('saved')}
    </Text>
  );
}
