import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeriesScope } from '@wartefrei/shared';

interface ScopeConfirmProps {
  title: string;
  message: string;
  /** Part of a series: the question offers "only this one" and "the whole series". */
  series: boolean;
  danger?: boolean;
  busy?: boolean;
  onConfirm: (scope: SeriesScope) => void;
  onClose: () => void;
}

/** Asks before a change to an appointment, and for one of a series whether it is meant for it alone or for all; the safe choice has the focus. */
export function ScopeConfirm({ title, message, series, danger, busy, onConfirm, onClose }: ScopeConfirmProps) {
  const { t } = useTranslation(['appointments', 'common']);
  const color = danger ? 'red.8' : undefined;
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Text mb="xs">{message}</Text>
      {series && <Text mb="lg">{t('dialog.scopeQuestion')}</Text>}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common:actions.cancel')}
        </Button>
        {series ? (
          <>
            <Button variant="outline" color={color} loading={busy} onClick={() => onConfirm('ONE')}>
              {t('dialog.scopeOne')}
            </Button>
            <Button color={color} loading={busy} onClick={() => onConfirm('ALL')}>
              {t('dialog.scopeAll')}
            </Button>
          </>
        ) : (
          <Button color={color} loading={busy} onClick={() => onConfirm('ONE')}>
            {title}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
