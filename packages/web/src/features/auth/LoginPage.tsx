import { Anchor, Button, Checkbox, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWindows } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isSupportedLang, PasswordResetRequestInput, type ApiError, type LoggedUser, type Profile, type SystemInformation } from '@wartefrei/shared';
import { changeLanguage } from '../../i18n';
import { api, ApiRequestError, basicAuth } from '../../lib/api';
import { validateWithSchema } from '../../lib/forms';
import { setUser } from '../../lib/session';
import { Page } from '../../ui/Page';
import { FormCard } from '../../ui/FormCard';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';
import { queryKeys } from '../../lib/query-keys';
import { STORAGE_KEYS, writeStored } from '../../lib/storage';
import { MicrosoftWorking, useMicrosoftSignIn } from './MicrosoftSignIn';
import { firstTarget as firstTargetOf, safeNextPath } from './sign-in-target';
import { passkeyAssertion, passkeysSupported } from './passkey-browser';
import { SecondStep } from './SecondStep';

/** The page that starts the Microsoft sign-in (shown where the server offers it: microsoft_login_enabled). */
const MICROSOFT_LOGIN_START = '/login_microsoft_interaction';

// Labels come from the shared catalogue (server:fields.username, server:fields.password).
const LoginForm = z.object({ username: z.string().trim().min(1), password: z.string().min(1), stay: z.boolean() });

const firstTarget = (user: LoggedUser) => firstTargetOf(user, () => api.get<Profile[]>('/profiles', { silent: true }).catch(() => undefined));

/** The message for a failed call shown in the form: the server's own, or "offline". */
function messageOf(error: unknown, offline: string): string {
  if (error instanceof ApiRequestError) return error.network ? offline : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The sign-in name is a mail address, in both forms of this page (sign in, reset request). */
const USERNAME_INPUT = { type: 'email', autoComplete: 'username', inputMode: 'email', required: true, autoFocus: true } as const;

/**
 * Sign-in (/login), and the request for a password reset mail (/passwordReset). The Microsoft
 * paths land here as well; they show the sign-in form with what happened.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const { pathname } = location;
  // Router state is whatever the linking page put there: read it as unknown.
  const state = location.state as { username?: unknown } | null;
  const [params] = useSearchParams();
  const prefill = typeof state?.username === 'string' ? state.username : '';

  return (
    <Page title={pathname === '/passwordReset' ? t('resetRequest.title') : t('login.title')} size="xs">
      {pathname === '/passwordReset' ? <ResetRequestForm initialUsername={prefill} search={params.toString()} /> : <SignInForm initialUsername={prefill} pathname={pathname} />}
    </Page>
  );
}

function SignInForm({ initialUsername, pathname }: { initialUsername: string; pathname: string }) {
  const { t } = useTranslation(['auth', 'common', 'server']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useFormValues<{ username: string; password: string; stay: boolean }>({ username: initialUsername, password: '', stay: false });
  const system = useQuery({
    queryKey: queryKeys.systemInformation,
    queryFn: () => api.get<SystemInformation>('/system-information', { silent: true }),
  });
  const microsoftEnabled = system.data?.microsoft_login_enabled === true;
  const microsoft = useMicrosoftSignIn(pathname, safeNextPath(params.get('next')) ?? null, firstTarget);

  // After a right password of a user with a second factor: the server's challenge (SecondStep).
  const [secondStep, setSecondStep] = useState<ApiError>();
  const signedIn = async (user: LoggedUser) => {
    setUser(user);
    writeStored(STORAGE_KEYS.signInMethod, 'password');
    if (isSupportedLang(user.lang)) await changeLanguage(user.lang);
    await navigate(safeNextPath(params.get('next')) ?? (await firstTarget(user)), { replace: true });
  };
  const login = useMutation({
    mutationFn: (values: { username: string; password: string; stay: boolean }) =>
      api.post<LoggedUser>('/auth/login', undefined, {
        authorization: basicAuth(values.username.trim(), values.password),
        // "Stay signed in": a renewal key in an HttpOnly cookie, for when the token expires (lib/api.ts).
        ...(values.stay && { query: { stay: 'cookie' } }),
        silent: true,
      }),
    onSuccess: signedIn,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'SECOND_FACTOR_REQUIRED' && error.body) setSecondStep(error.body);
    },
  });
  // "Mit Passkey anmelden": a discoverable passkey, no username or password.
  const passkey = useMutation({
    mutationFn: async () => {
      const { challenge, options } = await api.post<{ challenge: string; options: Record<string, unknown> }>('/auth/passkey/options', undefined, { silent: true });
      const assertion = await passkeyAssertion(options);
      return api.post<LoggedUser>('/auth/passkey', { challenge, assertion }, { silent: true, ...(form.values.stay && { query: { stay: 'cookie' } }) });
    },
    onSuccess: signedIn,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWithSchema(LoginForm, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) login.mutate(form.values);
  };

  if (microsoft?.kind === 'working') return <MicrosoftWorking />;
  if (secondStep) {
    return (
      <SecondStep
        step={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(undefined);
          login.reset();
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      {(params.get('expired') === '1' || params.get('required') === '1') && <FormAlert tone="info">{t('common:session.pleaseLogIn')}</FormAlert>}
      {microsoft?.kind === 'failed' && (
        <FormAlert tone={microsoftEnabled ? 'error' : 'info'}>{microsoftEnabled ? t('login.microsoftFailed') : t('login.microsoftUnavailable')}</FormAlert>
      )}
      <FormCard>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-label={t('login.title')}>
          <Stack gap="md">
            <Text>{t('login.intro')}</Text>
            {passkey.isError && (
              <FormAlert tone="error">{passkey.error instanceof ApiRequestError ? messageOf(passkey.error, t('login.offline')) : t('secondFactor.passkeyFailed')}</FormAlert>
            )}
            {login.isError && !(login.error instanceof ApiRequestError && login.error.code === 'SECOND_FACTOR_REQUIRED') && (
              <FormAlert tone="error" title={t('login.failedTitle')}>
                {messageOf(login.error, t('login.offline'))}
                {login.error instanceof ApiRequestError && login.error.code === 'ACCOUNT_NOT_VERIFIED' && (
                  <>
                    {' '}
                    <Anchor component={Link} to="/verify" state={{ username: form.values.username.trim() }}>
                      {t('verify.resend')}
                    </Anchor>
                  </>
                )}
              </FormAlert>
            )}
            <TextInput {...form.textProps('username')} label={t('login.username')} {...USERNAME_INPUT} />
            <PasswordInput {...form.textProps('password')} label={t('login.password')} autoComplete="current-password" required />
            <Checkbox label={t('login.stay')} description={t('login.stayHint')} checked={form.values.stay} onChange={(e) => form.setValue('stay', e.currentTarget.checked)} />
            <Anchor component={Link} to={{ pathname: '/passwordReset', search: params.toString() }} state={{ username: form.values.username }} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
            <Button type="submit" loading={login.isPending} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
        {passkeysSupported() && (
          <>
            <Divider label={t('login.or')} labelPosition="center" my="lg" />
            <Button variant="default" fullWidth loading={passkey.isPending} onClick={() => passkey.mutate()}>
              {t('secondFactor.signInWithPasskey')}
            </Button>
          </>
        )}
        {microsoftEnabled && (
          <>
            {passkeysSupported() ? <Divider my="sm" variant="dotted" /> : <Divider label={t('login.or')} labelPosition="center" my="lg" />}
            <Button component="a" href={MICROSOFT_LOGIN_START} variant="default" fullWidth leftSection={<IconBrandWindows size={18} aria-hidden />}>
              {t('login.microsoft')}
            </Button>
          </>
        )}
      </FormCard>
      <Text ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/signup">
          {t('login.signup')}
        </Anchor>
      </Text>
    </Stack>
  );
}

function ResetRequestForm({ initialUsername, search }: { initialUsername: string; search: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const form = useFormValues({ username: initialUsername });
  const [sentTo, setSentTo] = useState<string | undefined>();
  const request = useMutation({
    mutationFn: (username: string) => api.post<void>('/password-reset', { username }, { silent: true }),
    onSuccess: (_, username) => setSentTo(username),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = validateWithSchema(PasswordResetRequestInput, form.values);
    form.showErrors(errors);
    if (Object.keys(errors).length === 0) request.mutate(form.values.username.trim());
  };

  const backToLogin = (
    <Anchor component={Link} to={{ pathname: '/login', search }} state={{ username: form.values.username }}>
      {t('resetRequest.backToLogin')}
    </Anchor>
  );

  if (sentTo !== undefined) {
    return (
      <Stack gap="lg">
        <FormAlert tone="success" title={t('resetRequest.sentTitle')}>
          {t('resetRequest.sent', { username: sentTo })}
        </FormAlert>
        {backToLogin}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <FormCard>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-label={t('resetRequest.title')}>
          <Stack gap="md">
            <Text>{t('resetRequest.intro')}</Text>
            {request.isError && <FormAlert tone="error">{messageOf(request.error, t('login.offline'))}</FormAlert>}
            <TextInput {...form.textProps('username')} label={t('login.username')} {...USERNAME_INPUT} />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('resetRequest.submit')}
            </Button>
          </Stack>
        </form>
      </FormCard>
      {backToLogin}
    </Stack>
  );
}
