import { Paper, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '@wartefrei/shared';
import { api, ApiRequestError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormAlert } from '../../ui/FormAlert';

/**
 * "Zweiten Faktor für alle verlangen" (docs/security.md#sign-in): members without a factor
 * can then only set one up. The admin's own sign-in counts too: without a factor they land on
 * the setup as well, so the auth check is refreshed.
 */
export function SecondFactorRequirement({ account }: { account: Account }) {
  const { t } = useTranslation(['management', 'auth']);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (required: boolean) => api.patch<Account>(`/accounts/${account.id}`, { require_second_factor: required }, { silent: true }),
    onSuccess: async (updated) => {
      client.setQueryData(queryKeys.account(account.id), updated);
      await client.invalidateQueries({ queryKey: ['auth'] });
    },
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-second-factor-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="general-second-factor-title">
          {t('general.secondFactorTitle')}
        </Title>
        {save.isError && <FormAlert tone="error">{save.error instanceof ApiRequestError && !save.error.network ? save.error.message : t('auth:login.offline')}</FormAlert>}
        <Switch
          label={t('general.requireSecondFactor')}
          description={t('general.requireSecondFactorHint')}
          checked={save.isPending ? save.variables : account.require_second_factor}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
