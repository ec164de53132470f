import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, LoggedUser } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { FormCard } from '../../ui/FormCard';
import { passkeyAssertion } from './passkey-browser';

type Answer = { code: string } | { assertion: Record<string, unknown> };

/**
 * The second step of a sign-in (401 SECOND_FACTOR_REQUIRED): a code from the authenticator app,
 * the passkey, or a recovery code. features/front-pages/FrontSecondStep.tsx is its light twin.
 */
export function SecondStep({ step, onSignedIn, onRestart }: { step: ApiError; onSignedIn: (user: LoggedUser) => Promise<void>; onRestart: () => void }) {
  const { t } = useTranslation('auth');
  const kinds = step.kinds ?? [];
  const [mode, setMode] = useState<'TOTP' | 'RECOVERY_CODE'>(kinds.includes('TOTP') ? 'TOTP' : 'RECOVERY_CODE');
  const [code, setCode] = useState('');
  const [passkeyFailed, setPasskeyFailed] = useState(false);
  const answer = useMutation({
    mutationFn: (body: Answer) => api.post<LoggedUser>('/auth/login/second-factor', { challenge: step.challenge, ...body }, { silent: true }),
    onSuccess: onSignedIn,
    onError: () => setCode(''),
  });
  const ended = answer.error instanceof ApiRequestError && answer.error.code === 'SECOND_FACTOR_CHALLENGE_INVALID';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPasskeyFailed(false);
    if (code.trim() !== '') answer.mutate({ code: code.trim() });
  };
  const answerWithPasskey = async () => {
    setPasskeyFailed(false);
    if (!step.passkey_options) return;
    try {
      answer.mutate({ assertion: await passkeyAssertion(step.passkey_options) });
    } catch {
      setPasskeyFailed(true);
    }
  };

  return (
    <FormCard>
      <form onSubmit={submit} noValidate aria-label={t('secondFactor.title')}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('secondFactor.title')}
          </Title>
          {answer.isError && <FormAlert tone="error">{answer.error instanceof ApiRequestError && !answer.error.network ? answer.error.message : t('login.offline')}</FormAlert>}
          {passkeyFailed && <FormAlert tone="error">{t('secondFactor.passkeyFailed')}</FormAlert>}
          {ended ? (
            <Button onClick={onRestart}>{t('secondFactor.restart')}</Button>
          ) : (
            <>
              <Text>{mode === 'TOTP' ? t('secondFactor.intro') : t('secondFactor.recoveryIntro')}</Text>
              {mode === 'TOTP' ? (
                <TextInput
                  key="totp"
                  label={t('secondFactor.code')}
                  name="code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  data-autofocus
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
              ) : (
                <TextInput
                  key="recovery"
                  label={t('secondFactor.recoveryCode')}
                  name="recovery-code"
                  autoComplete="off"
                  autoFocus
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
              )}
              <Button type="submit" loading={answer.isPending} fullWidth>
                {t('secondFactor.submit')}
              </Button>
              {kinds.includes('PASSKEY') && (
                <Button variant="default" fullWidth disabled={answer.isPending} onClick={() => void answerWithPasskey()}>
                  {t('secondFactor.usePasskey')}
                </Button>
              )}
              {mode === 'TOTP' && kinds.includes('RECOVERY_CODE') && (
                <Anchor component="button" type="button" size="sm" onClick={() => setMode('RECOVERY_CODE')}>
                  {t('secondFactor.useRecoveryCode')}
                </Anchor>
              )}
              {mode === 'RECOVERY_CODE' && kinds.includes('TOTP') && (
                <Anchor component="button" type="button" size="sm" onClick={() => setMode('TOTP')}>
                  {t('secondFactor.useCode')}
                </Anchor>
              )}
            </>
          )}
        </Stack>
      </form>
    </FormCard>
  );
}
