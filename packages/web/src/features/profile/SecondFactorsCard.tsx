import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { TitledCard } from '../../ui/TitledCard';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECOND_FACTOR_NAME_MAX_LENGTH, type ActivatedSecondFactor, type NewTotp, type RecoveryCodes as RecoveryCodesBody, type SecondFactor } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormAlert } from '../../ui/FormAlert';
import { passkeyRegistration, passkeysSupported } from '../auth/passkey-browser';
import { PasswordAgainDialog } from './PasswordAgainDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { RenameFactorDialog } from './RenameFactorDialog';
import { TotpEnrolment } from './TotpEnrolment';

type Adding = { kind: 'none' } | { kind: 'totp'; totp: NewTotp } | { kind: 'passkey' };
/** A factor to add once the password is given again (the server asks for it long after signing in). */
type AwaitingPassword = { kind: 'totp' } | { kind: 'passkey'; name: string };
type PasskeyOptions = { options: Record<string, unknown> };

/** The server's "the password again, please": adding a factor more than ten minutes after signing in. */
const asksForPassword = (error: unknown) => error instanceof ApiRequestError && error.body?.fields?.password?.code === 'REQUIRED';

const messageOf = (error: unknown, offline: string) => (error instanceof ApiRequestError && !error.network ? error.message : offline);

/**
 * "Zweiter Faktor / Anmeldung absichern" on /backend/profile, and alone on the setup screen a
 * practice's requirement shows (`onActivated`): the user's passkeys and authenticator apps,
 * adding, naming and removing them, and the recovery codes shown once.
 */
export function SecondFactorsCard({ onActivated }: { onActivated?: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'auth']);
  const client = useQueryClient();
  const factors = useQuery({ queryKey: queryKeys.secondFactors, queryFn: () => api.get<SecondFactor[]>('/users/me/second-factors', { silent: true }) });
  const [adding, setAdding] = useState<Adding>({ kind: 'none' });
  const [codes, setCodes] = useState<string[]>();
  const [removing, setRemoving] = useState<SecondFactor>();
  const [renaming, setRenaming] = useState<SecondFactor>();
  const [renewing, setRenewing] = useState(false);
  const [passkeyName, setPasskeyName] = useState('');
  const [awaitingPassword, setAwaitingPassword] = useState<AwaitingPassword>();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.secondFactors });
  const activated = async (result: ActivatedSecondFactor) => {
    setAdding({ kind: 'none' });
    setPasskeyName('');
    await refresh();
    if (result.recovery_codes) setCodes(result.recovery_codes);
    else onActivated?.();
  };
  const newTotp = (password?: string) => api.post<NewTotp>('/users/me/second-factors/totp', password ? { password } : {}, { silent: true });
  const passkeyOptions = (password?: string) => api.post<PasskeyOptions>('/users/me/second-factors/passkey/options', password ? { password } : undefined, { silent: true });
  const startTotp = useMutation({
    mutationFn: () => newTotp(),
    onSuccess: (totp) => setAdding({ kind: 'totp', totp }),
    onError: (error) => asksForPassword(error) && setAwaitingPassword({ kind: 'totp' }),
  });
  const addPasskey = useMutation({
    mutationFn: async ({ name, options }: { name: string; options?: PasskeyOptions }) => {
      const response = await passkeyRegistration((options ?? (await passkeyOptions())).options);
      return api.post<ActivatedSecondFactor>('/users/me/second-factors/passkey', { name, response }, { silent: true });
    },
    onSuccess: activated,
    onError: (error, { name }) => asksForPassword(error) && setAwaitingPassword({ kind: 'passkey', name }),
  });
  const addWithPassword = async (password: string) => {
    const awaiting = awaitingPassword!;
    if (awaiting.kind === 'totp') {
      const totp = await newTotp(password);
      setAwaitingPassword(undefined);
      startTotp.reset();
      setAdding({ kind: 'totp', totp });
    } else {
      const options = await passkeyOptions(password);
      setAwaitingPassword(undefined);
      addPasskey.mutate({ name: awaiting.name, options });
    }
  };
  const submitPasskey = (event: FormEvent) => {
    event.preventDefault();
    if (passkeyName.trim() !== '') addPasskey.mutate({ name: passkeyName.trim() });
  };
  const list = factors.data ?? [];

  return (
    <TitledCard id="second-factors-title" title={t('secondFactor.title')} gap="md">
      <Text size="sm">{t('secondFactor.intro')}</Text>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(undefined);
            onActivated?.();
          }}
        />
      ) : (
        <>
          {factors.isPending && (
            <Group gap="xs" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('secondFactor.loading')}</Text>
            </Group>
          )}
          {factors.isError && <FormAlert tone="error">{t('secondFactor.loadFailed')}</FormAlert>}
          {factors.isSuccess && list.length === 0 && <Text c="dimmed">{t('secondFactor.empty')}</Text>}
          {list.length > 0 && (
            <Stack component="ul" gap="xs" aria-label={t('secondFactor.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((factor) => (
                <Group component="li" key={factor.id} justify="space-between" wrap="nowrap" data-testid="second-factor">
                  <div>
                    <Text fw={600}>{factor.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`secondFactor.kind.${factor.kind}`)} · {t('secondFactor.createdAt', { date: date(factor.created_at) })} ·{' '}
                      {factor.last_used_at ? t('secondFactor.lastUsed', { date: date(factor.last_used_at) }) : t('secondFactor.neverUsed')}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button variant="default" onClick={() => setRenaming(factor)} aria-label={t('secondFactor.renameNamed', { name: factor.name })}>
                      {t('secondFactor.rename')}
                    </Button>
                    <Button variant="default" onClick={() => setRemoving(factor)} aria-label={t('secondFactor.removeNamed', { name: factor.name })}>
                      {t('secondFactor.remove')}
                    </Button>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
          {((startTotp.isError && !asksForPassword(startTotp.error)) || (addPasskey.isError && !asksForPassword(addPasskey.error))) && (
            <FormAlert tone="error">
              {addPasskey.isError && !(addPasskey.error instanceof ApiRequestError)
                ? t('secondFactor.passkeyFailed')
                : messageOf(startTotp.error ?? addPasskey.error, t('auth:login.offline'))}
            </FormAlert>
          )}
          {adding.kind === 'totp' && <TotpEnrolment totp={adding.totp} onActivated={(result) => void activated(result)} onCancel={() => setAdding({ kind: 'none' })} />}
          {adding.kind === 'passkey' && (
            <form onSubmit={submitPasskey} noValidate aria-label={t('secondFactor.addPasskey')}>
              <Stack gap="sm">
                <TextInput
                  label={t('secondFactor.passkeyName')}
                  description={t('secondFactor.passkeyNameHint')}
                  required
                  autoFocus
                  maxLength={SECOND_FACTOR_NAME_MAX_LENGTH}
                  value={passkeyName}
                  onChange={(e) => setPasskeyName(e.currentTarget.value)}
                />
                <Group gap="sm">
                  <Button type="submit" loading={addPasskey.isPending}>
                    {t('secondFactor.passkeyCreate')}
                  </Button>
                  <Button variant="default" onClick={() => setAdding({ kind: 'none' })}>
                    {t('secondFactor.cancel')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {adding.kind === 'none' && (
            <Group gap="sm">
              {passkeysSupported() && (
                <Button variant="default" onClick={() => setAdding({ kind: 'passkey' })}>
                  {t('secondFactor.addPasskey')}
                </Button>
              )}
              <Button variant="default" loading={startTotp.isPending} onClick={() => startTotp.mutate()}>
                {t('secondFactor.addTotp')}
              </Button>
              {list.length > 0 && (
                <Button variant="subtle" onClick={() => setRenewing(true)}>
                  {t('secondFactor.newRecoveryCodes')}
                </Button>
              )}
            </Group>
          )}
        </>
      )}
      {/* Keyed by the factor, so the field starts with its current name each time. */}
      <RenameFactorDialog key={renaming?.id ?? 'none'} factor={renaming} onClose={() => setRenaming(undefined)} onRenamed={refresh} />
      <PasswordAgainDialog
        opened={removing !== undefined}
        title={t('secondFactor.removeTitle', { name: removing?.name ?? '' })}
        message={t('secondFactor.removeMessage')}
        confirmLabel={t('secondFactor.remove')}
        danger
        onClose={() => setRemoving(undefined)}
        onConfirm={async (password) => {
          await api.delete(`/users/me/second-factors/${removing!.id}`, { body: { password }, silent: true });
          setRemoving(undefined);
          await refresh();
        }}
      />
      <PasswordAgainDialog
        opened={awaitingPassword !== undefined}
        title={t(awaitingPassword?.kind === 'passkey' ? 'secondFactor.addPasskey' : 'secondFactor.addTotp')}
        message={t('secondFactor.passwordToAdd')}
        confirmLabel={t('secondFactor.continue')}
        onClose={() => setAwaitingPassword(undefined)}
        onConfirm={addWithPassword}
      />
      <PasswordAgainDialog
        opened={renewing}
        title={t('secondFactor.newRecoveryTitle')}
        message={t('secondFactor.newRecoveryMessage')}
        confirmLabel={t('secondFactor.newRecoveryCodes')}
        onClose={() => setRenewing(false)}
        onConfirm={async (password) => {
          const renewed = await api.post<RecoveryCodesBody>('/users/me/second-factors/recovery-codes', { password }, { silent: true });
          setRenewing(false);
          setCodes(renewed.recovery_codes);
        }}
      />
    </TitledCard>
  );
}
