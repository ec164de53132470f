import { Badge, Button, Group, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Processor } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useDemoLock } from '../../lib/demo-lock';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * A processor's way in, sent again by an admin: the invitation while it is open (the first mail
 * went astray or its link expired), the password reset mail once they have signed in. An
 * invitation only sends a mail, so no confirmation is asked; a reset also signs the processor
 * out on every device at once (docs/security.md#sessions), so it asks first.
 * The public demo sends no mail (its addresses are nobody's): the button is disabled there.
 */
export function ProcessorMails({ processor }: { processor: Processor }) {
  const { t } = useTranslation('management');
  const kind = processor.invitation_pending ? 'invitation' : 'password-reset';
  const [confirming, setConfirming] = useState(false);
  const send = useMutation({
    mutationFn: () => api.post(`/processors/${processor.id}/${kind}`, undefined, { silent: true }),
    onSettled: () => setConfirming(false),
  });
  const lockedReason = useDemoLock();
  const plainLabel = processor.invitation_pending ? t('processors.resendInvite', { name: processor.display_name }) : t('processors.sendReset', { name: processor.display_name });
  const label = lockedReason ? `${plainLabel} – ${lockedReason}` : plainLabel;
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      {processor.invitation_pending && (
        <Badge variant="outline" color="gray.8" size="sm">
          {t('processors.invitationPending')}
        </Badge>
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconMail size={14} aria-hidden />}
        loading={send.isPending}
        disabled={lockedReason !== undefined}
        onClick={() => (processor.invitation_pending ? send.mutate() : setConfirming(true))}
        aria-label={label}
      >
        {processor.invitation_pending ? t('processors.resendInviteShort') : t('processors.sendResetShort')}
      </Button>
      <Text size="xs" role="status" c={send.isError ? 'red.8' : undefined}>
        {send.isSuccess && t(processor.invitation_pending ? 'processors.inviteSent' : 'processors.resetSent', { mail: processor.username })}
        {send.isError && send.error.message}
      </Text>
      <ConfirmDialog
        opened={confirming}
        title={t('processors.resetConfirmTitle')}
        message={t('processors.resetConfirm', { name: processor.display_name, mail: processor.username })}
        confirmLabel={t('processors.sendResetShort')}
        danger
        loading={send.isPending}
        onConfirm={() => send.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
