import { Switch } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { usePatchAccount } from './usePatchAccount';
import { SectionCard } from '../../ui/SectionCard';

/**
 * "Zweiten Faktor für alle verlangen" (docs/security.md#sign-in): members without a factor
 * can then only set one up. The admin's own sign-in counts too: without a factor they land on
 * the setup as well, so the auth check is refreshed.
 */
export function SecondFactorRequirement({ account }: { account: Account }) {
  const { t } = useTranslation(['management', 'auth']);
  const client = useQueryClient();
  const patchAccount = usePatchAccount(account.id);
  const save = useMutation({
    mutationFn: (required: boolean) => patchAccount({ require_second_factor: required }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth'] }),
  });
  return (
    <SectionCard id="general-second-factor-title" title={t('general.secondFactorTitle')}>
      {save.isError && <FormAlert tone="error">{save.error instanceof ApiRequestError && !save.error.network ? save.error.message : t('auth:login.offline')}</FormAlert>}
      <Switch
        label={t('general.requireSecondFactor')}
        description={t('general.requireSecondFactorHint')}
        checked={save.isPending ? save.variables : account.require_second_factor}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.currentTarget.checked)}
      />
    </SectionCard>
  );
}
