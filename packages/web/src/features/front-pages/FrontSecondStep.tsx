import { useState, type FormEvent } from 'react';
import type { ApiError, LoggedUser } from '@wartefrei/shared';
import { passkeyAssertion } from '../auth/passkey-browser';
import { FrontApiError, frontRequest } from './front-api';
import { useFrontText } from './front-i18n';
import { Notice, TextField } from './FrontFields';

/**
 * The second step of a sign-in (401 SECOND_FACTOR_REQUIRED) on the light sign-in page: a code
 * from the authenticator app, the passkey, or a recovery code. features/auth/SecondStep.tsx is
 * the staff app's twin.
 */
export function FrontSecondStep({ step, onSignedIn, onRestart }: { step: ApiError; onSignedIn: (user: LoggedUser) => void; onRestart: () => void }) {
  const { t } = useFrontText('auth');
  const kinds = step.kinds ?? [];
  const [mode, setMode] = useState<'TOTP' | 'RECOVERY_CODE'>(kinds.includes('TOTP') ? 'TOTP' : 'RECOVERY_CODE');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [ended, setEnded] = useState(false);

  const send = async (body: { code: string } | { assertion: Record<string, unknown> }) => {
    setPending(true);
    setFailure(undefined);
    try {
      onSignedIn(await frontRequest<LoggedUser>('/auth/login/second-factor', { method: 'POST', body: { challenge: step.challenge, ...body } }));
    } catch (error) {
      const apiError = error instanceof FrontApiError ? error : undefined;
      setFailure(apiError?.network ? t('login.offline') : (apiError?.message ?? t('secondFactor.passkeyFailed')));
      if (apiError?.code === 'SECOND_FACTOR_CHALLENGE_INVALID') setEnded(true);
      setCode('');
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void send({ code: code.trim() });
  };
  const answerWithPasskey = async () => {
    if (!step.passkey_options) return;
    let assertion: Record<string, unknown>;
    try {
      assertion = await passkeyAssertion(step.passkey_options);
    } catch {
      setFailure(t('secondFactor.passkeyFailed'));
      return;
    }
    await send({ assertion });
  };

  return (
    <div className="front-card">
      <form onSubmit={submit} noValidate aria-label={t('secondFactor.title')} className="front-stack">
        <h2 className="front-h2">{t('secondFactor.title')}</h2>
        {failure && <Notice tone="error">{failure}</Notice>}
        {ended ? (
          <button type="button" className="front-button front-button-filled" onClick={onRestart}>
            {t('secondFactor.restart')}
          </button>
        ) : (
          <>
            <p className="front-text">{mode === 'TOTP' ? t('secondFactor.intro') : t('secondFactor.recoveryIntro')}</p>
            {mode === 'TOTP' ? (
              <TextField
                key="totp"
                label={t('secondFactor.code')}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                autoFocus
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            ) : (
              <TextField
                key="recovery"
                label={t('secondFactor.recoveryCode')}
                name="recovery-code"
                autoComplete="off"
                autoFocus
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            )}
            <button type="submit" className="front-button front-button-filled" disabled={pending} aria-busy={pending || undefined}>
              {pending && <span className="front-spinner" aria-hidden />}
              <span>{t('secondFactor.submit')}</span>
            </button>
            {kinds.includes('PASSKEY') && (
              <button type="button" className="front-button front-button-default" disabled={pending} onClick={() => void answerWithPasskey()}>
                {t('secondFactor.usePasskey')}
              </button>
            )}
            {mode === 'TOTP' && kinds.includes('RECOVERY_CODE') && (
              <button type="button" className="front-anchor front-small front-link-button" onClick={() => setMode('RECOVERY_CODE')}>
                {t('secondFactor.useRecoveryCode')}
              </button>
            )}
            {mode === 'RECOVERY_CODE' && kinds.includes('TOTP') && (
              <button type="button" className="front-anchor front-small front-link-button" onClick={() => setMode('TOTP')}>
                {t('secondFactor.useCode')}
              </button>
            )}
          </>
        )}
      </form>
    </div>
  );
}

/** "Mit Passkey anmelden": a discoverable passkey signs in without username and password. */
export async function frontPasskeySignIn(stay: boolean): Promise<LoggedUser> {
  const { challenge, options } = await frontRequest<{ challenge: string; options: Record<string, unknown> }>('/auth/passkey/options', { method: 'POST' });
  const assertion = await passkeyAssertion(options);
  return frontRequest<LoggedUser>('/auth/passkey', { method: 'POST', body: { challenge, assertion }, query: stay ? { stay: 'cookie' } : undefined });
}
