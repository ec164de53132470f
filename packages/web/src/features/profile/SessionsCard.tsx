import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndedSessions, SignInSession } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FormAlert } from '../../ui/FormAlert';
import { TitledCard } from '../../ui/TitledCard';
import { LoadFailedAlert } from '../../ui/LoadFailedAlert';

/*
 * "Sitzungen" on /backend/profile (docs/screens.md): every sign-in of the user on a device, with
 * its last use and address, so that one not theirs stands out and can be ended — alone, or with
 * every other one ("Überall sonst abmelden"). Both ask first: the device signed out has to sign
 * in again.
 */

type Ending = { kind: 'one'; session: SignInSession } | { kind: 'others' };

function SessionRow({ session, onEnd }: { session: SignInSession; onEnd: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const device = session.device ?? t('sessions.unknownDevice');
  const lastUse = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(session.last_used_at));
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>{device}</Text>
          {session.current && (
            <Badge variant="light" size="sm">
              {t('sessions.current')}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('sessions.details', { address: session.ip, lastUse })}</Text>
      </Stack>
      {!session.current && (
        <Button size="compact-sm" variant="default" onClick={onEnd} aria-label={t('sessions.endOneLabel', { device, lastUse })}>
          {t('sessions.endOne')}
        </Button>
      )}
    </Group>
  );
}

/** The signed-in user's sessions: see them, end one, sign out everywhere else. */
export function SessionsCard() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<Ending>();
  const sessions = useQuery({ queryKey: queryKeys.ownSessions, queryFn: () => api.get<SignInSession[]>('/users/me/sessions', { silent: true }) });
  const end = useMutation({
    mutationFn: async (what: Ending): Promise<void> => {
      if (what.kind === 'one') await api.delete<void>(`/users/me/sessions/${what.session.id}`, { silent: true });
      else await api.post<EndedSessions>('/users/me/sessions/end-others', undefined, { silent: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownSessions }),
    onSuccess: () => setEnding(undefined),
  });
  const others = (sessions.data ?? []).filter((session) => !session.current);

  return (
    <TitledCard id="profile-sessions" title={t('sessions.title')} gap="md">
      <Text size="sm">{t('sessions.intro')}</Text>
      {end.isError && (
        <FormAlert tone="error" title={t('sessions.endFailed')}>
          {end.error.message}
        </FormAlert>
      )}
      {sessions.isPending && <Loader size="sm" aria-label={t('sessions.loading')} />}
      {sessions.isError && <LoadFailedAlert message={t('sessions.loadFailed')} retryLabel={t('sessions.retry')} onRetry={() => void sessions.refetch()} size="sm" />}
      {sessions.data && (
        <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-labelledby="profile-sessions">
          {/* This device first, then the others by their last use (the server's order). */}
          {[...sessions.data]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((session) => (
              <SessionRow key={session.id} session={session} onEnd={() => setEnding({ kind: 'one', session })} />
            ))}
        </Stack>
      )}
      {sessions.data && others.length === 0 && <Text size="sm">{t('sessions.noOthers')}</Text>}
      {others.length > 0 && (
        <Group>
          <Button variant="default" color="red.8" onClick={() => setEnding({ kind: 'others' })}>
            {t('sessions.endOthers')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={ending !== undefined}
        title={ending?.kind === 'one' ? t('sessions.confirmOneTitle') : t('sessions.confirmOthersTitle')}
        message={
          ending?.kind === 'one'
            ? t('sessions.confirmOne', { device: ending.session.device ?? t('sessions.unknownDevice') })
            : t('sessions.confirmOthers', { count: others.length })
        }
        confirmLabel={ending?.kind === 'one' ? t('sessions.endOne') : t('sessions.endOthers')}
        danger
        loading={end.isPending}
        onConfirm={() => ending && end.mutate(ending)}
        onClose={() => setEnding(undefined)}
      />
    </TitledCard>
  );
}
