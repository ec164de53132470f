import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, basicAuth } from '../../lib/api';
import { clearUser, getUser } from '../../lib/session';
import { Page } from '../../ui/Page';

/** /logout: ends the token on the server (best effort), forgets the user, goes to sign-in. */
export function LogoutPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const user = getUser();
    // Forgotten at once: even when the server is unreachable this browser is signed out.
    clearUser();
    const ended = user ? api.post<void>('/auth/logout', undefined, { authorization: basicAuth(user.id, user.token), silent: true }).catch(() => undefined) : Promise.resolve();
    void ended.then(() => navigate('/login', { replace: true }));
  }, [navigate]);

  return (
    <Page title={t('common:routes.logout')} size="xs">
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('logout.inProgress')}</Text>
      </Group>
    </Page>
  );
}
