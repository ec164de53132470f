import './front-form.css';
import { IconBrandWindows } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { LoggedUser, Profile, SystemInformation } from '@wartefrei/shared';
import { firstTarget, safeNextPath } from '../auth/sign-in-target';
import { basicAuth, FrontApiError, frontRequest } from './front-api';
import { useFrontText, type Translate } from './front-i18n';
import { CheckboxField, Notice, PasswordField, TextField } from './FrontFields';
import { finishSignIn, openWithState, routerState } from './handover';

/** The page that starts the Microsoft sign-in (the staff app runs it). */
const MICROSOFT_LOGIN_START = '/login_microsoft_interaction';

type Values = { username: string; password: string; stay: boolean };

/** The form's checks before anything is sent, worded as the staff app's shared schema words them. */
function checkValues(values: Values, t: Translate): Record<string, string> {
  const required = (field: string) => t('server:validation.REQUIRED', { 0: t(`server:fields.${field}`) });
  const errors: Record<string, string> = {};
  if (values.username.trim() === '') errors.username = required('username');
  if (values.password === '') errors.password = required('password');
  return errors;
}

/**
 * Sign-in (/login) for a first visit: the staff app's form (features/auth/LoginPage.tsx) without
 * Mantine, React Query or zod. A sign-in hands over to the staff app by a full page load.
 */
export function FrontLoginPage() {
  const { t } = useFrontText('auth');
  const params = new URLSearchParams(window.location.search);
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => ({ username: routerState()?.username ?? '', password: '', stay: false }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<FrontApiError | undefined>();
  const [microsoftEnabled, setMicrosoftEnabled] = useState(false);

  useEffect(() => {
    frontRequest<SystemInformation>('/system-information').then(
      (info) => setMicrosoftEnabled(info.microsoft_login_enabled === true),
      () => undefined,
    );
  }, []);

  const setValue = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkValues(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // After the messages render: keyboard and screen-reader users land on what needs fixing.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    setPending(true);
    setFailure(undefined);
    try {
      const user = await frontRequest<LoggedUser>('/auth/login', {
        method: 'POST',
        authorization: basicAuth(values.username.trim(), values.password),
        // "Stay signed in": a renewal key in an HttpOnly cookie, for when the token expires (lib/api.ts).
        query: values.stay ? { stay: 'cookie' } : undefined,
      });
      const profiles = () => frontRequest<Profile[]>('/profiles', { authorization: basicAuth(user.id, user.token) }).catch(() => undefined);
      finishSignIn(user, safeNextPath(params.get('next')) ?? (await firstTarget(user, profiles)));
    } catch (error) {
      setFailure(error instanceof FrontApiError ? error : new FrontApiError(String(error), 0, undefined, true));
      setPending(false);
    }
  };

  const forgotPassword = `/passwordReset${params.size > 0 ? `?${params}` : ''}`;
  return (
    <div className="front-page">
      <h1 className="front-h1">{t('login.title')}</h1>
      {(params.get('expired') === '1' || params.get('required') === '1') && <Notice tone="info">{t('common:session.pleaseLogIn')}</Notice>}
      <div className="front-card">
        <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={t('login.title')} className="front-stack">
          <p className="front-text">{t('login.intro')}</p>
          {failure && (
            <Notice tone="error" title={t('login.failedTitle')}>
              {failure.network ? t('login.offline') : failure.message}
              {failure.code === 'ACCOUNT_NOT_VERIFIED' && (
                <>
                  {' '}
                  <a href="/verify" className="front-anchor" onClick={(e: MouseEvent) => openWithState(e, '/verify', { username: values.username.trim() })}>
                    {t('verify.resend')}
                  </a>
                </>
              )}
            </Notice>
          )}
          <TextField
            label={t('login.username')}
            name="username"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            value={values.username}
            error={errors.username}
            onChange={(e) => setValue('username', e.currentTarget.value)}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            value={values.password}
            error={errors.password}
            onChange={(e) => setValue('password', e.currentTarget.value)}
          />
          <CheckboxField label={t('login.stay')} description={t('login.stayHint')} checked={values.stay} onChange={(checked) => setValue('stay', checked)} />
          <a href={forgotPassword} className="front-anchor front-small" onClick={(e: MouseEvent) => openWithState(e, forgotPassword, { username: values.username })}>
            {t('login.forgotPassword')}
          </a>
          <button type="submit" className="front-button front-button-filled" disabled={pending} aria-busy={pending || undefined}>
            {pending && <span className="front-spinner" aria-hidden />}
            <span>{t('login.submit')}</span>
          </button>
        </form>
        {microsoftEnabled && (
          <>
            <div className="front-divider">{t('login.or')}</div>
            <a href={MICROSOFT_LOGIN_START} className="front-button front-button-default">
              <IconBrandWindows size={18} aria-hidden />
              {t('login.microsoft')}
            </a>
          </>
        )}
      </div>
      <p className="front-text front-center">
        {t('login.noAccount')}{' '}
        <a href="/signup" className="front-anchor">
          {t('login.signup')}
        </a>
      </p>
    </div>
  );
}
