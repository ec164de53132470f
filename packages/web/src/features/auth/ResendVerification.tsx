import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerifyResendInput } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';

/**
 * "Send the confirmation mail again": for a link that expired or a mail that went astray. An
 * empty address is 'no e-mail given' here already; the answer never tells whether the address
 * is registered (the server answers 204 either way).
 */
export function ResendVerification({ initialUsername = '' }: { initialUsername?: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const [username, setUsername] = useState(initialUsername);
  const [missing, setMissing] = useState(false);
  const resend = useMutation({ mutationFn: (body: VerifyResendInput) => api.post('/verify/resend', body, { silent: true }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = username.trim();
    setMissing(address === '');
    if (address !== '') resend.mutate({ username: address });
  };
  if (resend.isSuccess) {
    return (
      <FormAlert tone="success" title={t('verify.resentTitle')}>
        {t('verify.resent', { username: username.trim() })}
      </FormAlert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('verify.resendTitle')}>
      <Stack gap="sm">
        {resend.isError && <FormAlert tone="error">{resend.error instanceof ApiRequestError && !resend.error.network ? resend.error.message : t('login.offline')}</FormAlert>}
        <TextInput
          label={t('login.username')}
          type="email"
          autoComplete="email"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={missing ? t('verify.noMail') : undefined}
        />
        <Button type="submit" variant="light" loading={resend.isPending}>
          {t('verify.resend')}
        </Button>
      </Stack>
    </form>
  );
}
