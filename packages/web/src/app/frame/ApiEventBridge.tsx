import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoggedUser } from '@wartefrei/shared';
import { api, onApiEvent } from '../../lib/api';
import { clearUser, useUser } from '../../lib/session';
import { readStored, STORAGE_KEYS } from '../../lib/storage';

const ERROR_NOTIFICATION_MS = 10_000;

/**
 * Turns API events into what the user sees: a failed call → "Fehler" for 10 s; a 440 → the
 * "Sitzung abgelaufen" dialog. Also asks the server once the stored token's time is up, so the
 * dialog appears when the session ends, not at the next click.
 */
export function ApiEventBridge() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const user = useUser();
  const [expired, setExpired] = useState(false);

  useEffect(
    () =>
      onApiEvent((event) => {
        if (event.type === 'session-expired') {
          setExpired(true);
          return;
        }
        notifications.show({
          title: t('errors.title'),
          message: event.message || t('errors.unknown'),
          color: 'red',
          autoClose: ERROR_NOTIFICATION_MS,
          closeButtonProps: { 'aria-label': t('actions.close') },
        });
      }),
    [t],
  );

  useEffect(() => {
    if (!user) return;
    const ms = Date.parse(user.token_valid_until) - Date.now() + 1000;
    // Timers over ~24.8 days overflow; tokens live 12 h by default.
    if (ms > 2 ** 31 - 1) return;
    const timer = setTimeout(
      () => {
        api.get<LoggedUser>('/auth', { silent: true }).catch(() => undefined);
      },
      Math.max(ms, 0),
    );
    return () => clearTimeout(timer);
  }, [user]);

  const toLogin = () => {
    setExpired(false);
    const next = `${location.pathname}${location.search}`;
    // Who signed in with Microsoft is signed in again there without a prompt, where Microsoft still knows them.
    const page = readStored<string>(STORAGE_KEYS.signInMethod) === 'microsoft' ? '/login_microsoft_silent' : '/login';
    // Away from the backend first, then signed out: signed out on a backend page, its guard would
    // send to its own "Bitte melden Sie sich zuerst an" instead, which this dialog already said.
    void Promise.resolve(navigate(`${page}?next=${encodeURIComponent(next)}`, { replace: true })).then(clearUser);
  };

  return (
    <Modal opened={expired} onClose={() => setExpired(false)} title={t('session.expiredTitle')} centered closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Text mb="lg">{t('session.expiredMessage')}</Text>
      <Group justify="flex-end">
        <Button onClick={toLogin} data-autofocus>
          {t('actions.toLogin')}
        </Button>
      </Group>
    </Modal>
  );
}
