import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSupportedLang, type LoggedUser, type MicrosoftStart } from '@wartefrei/shared';
import { changeLanguage } from '../../i18n';
import { api } from '../../lib/api';
import { setUser } from '../../lib/session';
import { STORAGE_KEYS, writeStored } from '../../lib/storage';
import { safeNextPath } from './sign-in-target';

/*
 * Sign-in with Microsoft (docs/security.md#trust-boundaries-and-what-holds-at-each), on the paths of docs/product.md#screens-and-routes:
 * `/login_microsoft_interaction` and `/login_microsoft_silent` (a renewal that must not prompt)
 * ask the server for Microsoft's address and go there; Microsoft returns to
 * `/login_microsoft_callback`, whose query the server checks, answering the signed-in user as a
 * password sign-in does. Where it was going (`next`) waits in this tab's sessionStorage.
 */

export const MICROSOFT_PATHS = ['/login_microsoft_interaction', '/login_microsoft_silent', '/login_microsoft_callback'];
const NEXT_KEY = 'microsoftNext';

type Outcome = { kind: 'working' } | { kind: 'failed' };

/** Runs the step of the path once (a callback's code can be spent only once); on failure the sign-in form shows `failed`. */
export function useMicrosoftSignIn(pathname: string, next: string | null, landing: (user: LoggedUser) => Promise<string>): Outcome | undefined {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | undefined>(MICROSOFT_PATHS.includes(pathname) ? { kind: 'working' } : undefined);
  const ran = useRef(false);
  useEffect(() => {
    if (!MICROSOFT_PATHS.includes(pathname) || ran.current) return;
    ran.current = true;
    // The reason is in the server's log; the page says only that it failed (docs/product.md#errors).
    const fail = () => setOutcome({ kind: 'failed' });
    if (pathname === '/login_microsoft_callback') {
      // Checked again as it is read back: whatever is in storage goes through the same gate.
      const target = safeNextPath(sessionStorage.getItem(NEXT_KEY));
      sessionStorage.removeItem(NEXT_KEY);
      api
        .post<LoggedUser>('/auth/microsoft/callback', { query: window.location.search }, { silent: true })
        .then(async (user) => {
          setUser(user);
          writeStored(STORAGE_KEYS.signInMethod, 'microsoft');
          if (isSupportedLang(user.lang)) await changeLanguage(user.lang);
          await navigate(target ?? (await landing(user)), { replace: true });
        })
        .catch(fail);
      return;
    }
    if (next) sessionStorage.setItem(NEXT_KEY, next);
    api
      .post<MicrosoftStart>('/auth/microsoft/start', { silent: pathname === '/login_microsoft_silent' }, { silent: true })
      .then(({ url }) => window.location.assign(url))
      .catch(fail);
  }, [pathname, next, navigate, landing]);
  return outcome;
}

export function MicrosoftWorking() {
  const { t } = useTranslation('auth');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('login.microsoftWorking')}</Text>
    </Group>
  );
}
