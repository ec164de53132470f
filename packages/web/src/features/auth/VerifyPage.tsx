import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { VerifyInput } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { Page } from '../../ui/Page';
import { FormAlert } from '../../ui/FormAlert';
import { ResendVerification } from './ResendVerification';

type VerifyState = { kind: 'no-token' } | { kind: 'loading' } | { kind: 'done'; username: string } | { kind: 'failed'; message: string };

/** /verify?token=…: the link of the sign-up mail; confirms the account once. */
export function VerifyPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  // From the sign-in's "not confirmed yet": the address typed there, and no complaint about a missing token.
  const fromSignIn = (useLocation().state as { username?: unknown } | null)?.username;
  const prefill = typeof fromSignIn === 'string' ? fromSignIn : '';
  const [state, setState] = useState<VerifyState>(token ? { kind: 'loading' } : { kind: 'no-token' });
  // A token can be used once: StrictMode's second effect run (and a re-render) must not post again.
  const postedFor = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!token || postedFor.current === token) return;
    postedFor.current = token;
    setState({ kind: 'loading' });
    const body: VerifyInput = { token };
    api
      .post<{ verified: true; username: string }>('/verify', body, { silent: true })
      .then((result) => setState({ kind: 'done', username: result.username }))
      .catch((error: unknown) => {
        const message = error instanceof ApiRequestError ? (error.network ? t('login.offline') : (error.body?.fields?.token?.message ?? error.message)) : String(error);
        setState({ kind: 'failed', message });
      });
  }, [token, t]);

  return (
    <Page title={t('verify.title')} size="sm">
      {state.kind === 'loading' && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('verify.loading')}</Text>
        </Group>
      )}
      {state.kind === 'done' && (
        <Stack gap="lg" align="flex-start">
          <FormAlert tone="success" title={t('verify.doneTitle')} w="100%">
            {t('verify.done', { username: state.username })}
          </FormAlert>
          <Button component={Link} to="/login" state={{ username: state.username }}>
            {t('common:actions.toLogin')}
          </Button>
        </Stack>
      )}
      {state.kind === 'no-token' && prefill === '' && (
        <FormAlert tone="error" title={t('verify.noTokenTitle')}>
          {t('verify.noToken')}
        </FormAlert>
      )}
      {state.kind === 'failed' && (
        <FormAlert tone="error" title={t('verify.failedTitle')}>
          {state.message}
        </FormAlert>
      )}
      {(state.kind === 'no-token' || state.kind === 'failed') && (
        <Stack gap="sm" mt="lg">
          <Text fw={600}>{t('verify.resendTitle')}</Text>
          <Text size="sm">{t('verify.resendIntro')}</Text>
          <ResendVerification initialUsername={prefill} />
        </Stack>
      )}
      {(state.kind === 'no-token' || state.kind === 'failed') && (
        <Group gap="lg">
          <Anchor component={Link} to="/login">
            {t('common:actions.toLogin')}
          </Anchor>
          <Anchor component={Link} to="/signup">
            {t('verify.signupAgain')}
          </Anchor>
        </Group>
      )}
    </Page>
  );
}
