import { Button, Group, Text } from '@mantine/core';
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

/** A settings form's last row: "Gespeichert" after a save, and the save button. */
export function SaveRow({ saved, busy }: { saved: boolean; busy: boolean }) {
  const { t } = useTranslation('management');
  return (
    <Group justify="flex-end" gap="sm">
      <SavedNote saved={saved} />
      <Button type="submit" loading={busy}>
        {t('general.save')}
      </Button>
    </Group>
  );
}
