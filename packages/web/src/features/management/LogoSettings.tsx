import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, type Account, type UploadedImage } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { SavedNote } from './SavedNote';
import { useSavedFlag } from './useSavedFlag';
import { usePatchAccount } from './usePatchAccount';

/** The server's refusals of an upload that name what is wrong with the file; others are "failed". */
const FILE_PROBLEMS: Record<string, string> = {
  IMAGE_TYPE_UNSUPPORTED: 'general.logoWrongType',
  IMAGE_TOO_LARGE: 'general.logoTooLarge',
  IMAGE_UNREADABLE: 'server:errors.IMAGE_UNREADABLE',
};

/** Upload, preview and removal of the practice's logo (shown where each list's logo position says). */
export function LogoSettings({ account }: { account: Account }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const { saved, markSaved } = useSavedFlag();
  const [busy, setBusy] = useState<'upload' | 'remove'>();
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [broken, setBroken] = useState(false);

  const patchAccount = usePatchAccount(account.id);
  const show = (updated: Account) => client.setQueryData(queryKeys.account(account.id), updated);
  const problemOf = (error: unknown, fallback: string) => {
    const key = error instanceof ApiRequestError && error.code ? FILE_PROBLEMS[error.code] : undefined;
    return t(key ?? fallback);
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(undefined);
    // Checked here first so a wrong file costs no upload; the server checks the bytes again.
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return setFailure(t('general.logoWrongType'));
    if (file.size > IMAGE_MAX_BYTES) return setFailure(t('general.logoTooLarge'));
    setBusy('upload');
    try {
      const form = new FormData();
      form.append('file', file);
      const image = await api.post<UploadedImage>('/images', undefined, { form, silent: true });
      const previous = account.logo_image_id;
      await patchAccount({ logo_image_id: image.id });
      // The replaced logo is no longer shown anywhere: it is not kept.
      if (previous && previous !== image.id) await api.delete(`/images/${previous}`, { silent: true }).catch(() => undefined);
      setBroken(false);
      markSaved();
    } catch (error) {
      setFailure(problemOf(error, 'general.logoAddFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setConfirming(false);
    if (!account.logo_image_id) return;
    setFailure(undefined);
    setBusy('remove');
    try {
      await api.delete(`/images/${account.logo_image_id}`, { silent: true });
      show({ ...account, logo_image_id: null, logo_url: null });
    } catch {
      setFailure(t('general.logoRemoveFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-logo-title">
      <Title order={2} size="h4" id="general-logo-title" mb="sm">
        {t('general.logoTitle')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('general.logoHint')}</Text>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {account.logo_url ? (
          broken ? (
            <FormAlert tone="error">{t('general.logoLoadError')}</FormAlert>
          ) : (
            <Image src={account.logo_url} alt={t('general.logoAlt')} h={96} w="auto" fit="contain" maw="100%" onError={() => setBroken(true)} data-testid="logo-preview" />
          )
        ) : (
          <Text c="dimmed">{t('general.logoNone')}</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <SavedNote saved={saved} />
          {busy === 'upload' && (
            <Text size="sm" role="status">
              {t('general.logoUploading')}
            </Text>
          )}
          {account.logo_url && (
            <Button variant="default" color="red" loading={busy === 'remove'} disabled={busy !== undefined} onClick={() => setConfirming(true)}>
              {t('general.logoRemove')}
            </Button>
          )}
          <FileButton onChange={(file) => void upload(file)} accept={IMAGE_MIME_TYPES.join(',')} inputProps={{ 'aria-label': t('general.logoChoose') }}>
            {(props) => (
              <Button {...props} loading={busy === 'upload'} disabled={busy !== undefined}>
                {account.logo_url ? t('general.logoReplace') : t('general.logoChoose')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('general.logoRemoveTitle')}
        message={t('general.logoRemoveMessage')}
        confirmLabel={t('general.logoRemove')}
        danger
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
