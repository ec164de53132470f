import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivatedSecondFactor, NewTotp } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { QrImage } from '../../ui/QrImage';

/** A new TOTP: the QR code of its otpauth link and the key as text; a code from the app makes it active. */
export function TotpEnrolment({ totp, onActivated, onCancel }: { totp: NewTotp; onActivated: (result: ActivatedSecondFactor) => void; onCancel: () => void }) {
  const { t } = useTranslation(['profile', 'auth']);
  const [code, setCode] = useState('');
  const confirm = useMutation({
    mutationFn: () => api.post<ActivatedSecondFactor>(`/users/me/second-factors/${totp.id}/confirm`, { code }, { silent: true }),
    onSuccess: onActivated,
  });
  const fieldError = confirm.error instanceof ApiRequestError ? confirm.error.body?.fields?.code?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') confirm.mutate();
  };
  // The key in groups of four, as apps show it.
  const grouped = totp.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <form onSubmit={submit} noValidate aria-label={t('secondFactor.addTotp')}>
      <Stack gap="sm">
        <Text size="sm">{t('secondFactor.totpScan')}</Text>
        <QrImage text={totp.otpauth_uri} label={t('secondFactor.qrLabel')} />
        <Text size="sm">
          {t('secondFactor.secret')}: <Code data-testid="totp-secret">{grouped}</Code>
        </Text>
        {confirm.isError && !fieldError && (
          <FormAlert tone="error">{confirm.error instanceof ApiRequestError && !confirm.error.network ? confirm.error.message : t('auth:login.offline')}</FormAlert>
        )}
        <TextInput
          label={t('secondFactor.confirmCode')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          required
          autoFocus
          value={code}
          error={fieldError}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t('secondFactor.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('secondFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
