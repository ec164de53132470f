import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, PasswordResetInput } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/FormCard';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';

/** /passwordReset/{token}: the link of the reset mail; sets a new password. */
export function PasswordResetPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { passwordResetToken = '' } = useParams();
  const form = useFormValues({ password: '', password_repeat: '' });
  const reset = useMutation({
    mutationFn: (body: PasswordResetInput) => api.post<void>(`/password-reset/${encodeURIComponent(passwordResetToken)}`, body, { silent: true }),
    onError: (error) => form.showErrors(fieldErrorsOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWithSchema(PasswordResetInput, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) reset.mutate(form.values);
  };

  if (reset.isSuccess) {
    return (
      <Page title={t('reset.doneTitle')} size="xs">
        <FormAlert tone="success">{t('reset.done')}</FormAlert>
        <Button component={Link} to="/login" style={{ alignSelf: 'flex-start' }}>
          {t('common:actions.toLogin')}
        </Button>
      </Page>
    );
  }

  const error = reset.error instanceof ApiRequestError ? reset.error : undefined;
  const tokenProblem = error?.code?.startsWith('TOKEN_') ?? false;
  const formProblem = reset.isError && Object.keys(fieldErrorsOf(reset.error)).length === 0;

  return (
    <Page title={t('reset.title')} size="xs">
      {formProblem && (
        <FormAlert tone="error" title={t('reset.failedTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error?.network ? t('login.offline') : (error?.message ?? String(reset.error))}</Text>
            {tokenProblem && (
              <Anchor component={Link} to="/passwordReset" size="sm">
                {t('reset.requestNew')}
              </Anchor>
            )}
          </Stack>
        </FormAlert>
      )}
      <FormCard>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-label={t('reset.title')}>
          <Stack gap="md">
            <Text>{t('reset.intro', { min: PASSWORD_MIN_LENGTH })}</Text>
            <PasswordInput {...form.textProps('password')} label={t('reset.password')} autoComplete="new-password" required autoFocus />
            <PasswordInput {...form.textProps('password_repeat')} label={t('reset.passwordRepeat')} autoComplete="new-password" required />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      </FormCard>
      <Group>
        <Anchor component={Link} to="/login">
          {t('resetRequest.backToLogin')}
        </Anchor>
      </Group>
    </Page>
  );
}
