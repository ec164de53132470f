import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoggedUser } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { setUser, useUser } from '../../lib/session';
import type { TourKind } from './steps';
import { closeTutorialOffer, offerTutorial, useTutorialOfferOpen } from './tutorial-state';

/** Remembered on the server, per user: the tutorial is not offered again. */
async function rememberDismissal(): Promise<void> {
  const user = await api.patch<LoggedUser>('/users/me', { tutorial_dismissed: true }, { silent: true }).catch(() => undefined);
  if (user) setUser(user);
}

/**
 * The tutorial's offer: once to a new user (until they took or declined a tour, which the server
 * remembers), and whenever "Tutorial starten" in the avatar menu asks. A quick or an extended
 * tour; the onboarding is left alone, it is a guide of its own.
 */
export function TutorialOffer() {
  const { t } = useTranslation('tutorial');
  const user = useUser();
  const open = useTutorialOfferOpen();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const offered = useRef(false);

  useEffect(() => {
    if (offered.current || !user || user.tutorial_dismissed !== false || pathname.startsWith('/backend/onboarding')) return;
    offered.current = true;
    offerTutorial();
  }, [user, pathname]);

  const decline = () => {
    closeTutorialOffer();
    if (user?.tutorial_dismissed === false) void rememberDismissal();
  };
  const start = async (kind: TourKind) => {
    closeTutorialOffer();
    const { runTour } = await import('./tour');
    runTour(
      kind,
      user?.is_admin === true,
      (to) => void navigate(to),
      () => void rememberDismissal(),
    );
  };

  return (
    <Modal opened={open} onClose={decline} title={t('offer.title')} centered closeButtonProps={{ 'aria-label': t('offer.close') }}>
      <Stack gap="md">
        <Text>{t('offer.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="subtle" onClick={decline}>
            {t('offer.later')}
          </Button>
          <Button variant="default" onClick={() => void start('extended')}>
            {t('offer.extended')}
          </Button>
          <Button onClick={() => void start('quick')} data-autofocus>
            {t('offer.quick')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
