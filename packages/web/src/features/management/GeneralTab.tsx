import { Alert, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SECTORS, UpdateAccountInput, type Account } from '@wartefrei/shared';
import { useAccount } from '../../lib/account';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { useSavedFlag } from './useSavedFlag';
import { usePatchAccount } from './usePatchAccount';
import { SaveRow } from './SavedNote';
import { RetentionSettings } from './RetentionSettings';
import { SecondFactorRequirement } from './SecondFactorRequirement';
import { LogoSettings } from './LogoSettings';

/** The practice's general settings: its name, how long patients' data is kept and, to read, identifier and subscription. */
export function GeneralTab() {
  const { t } = useTranslation('management');
  const account = useAccount();
  if (account.isPending) return <Loader aria-label={t('loading')} />;
  if (account.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  return <GeneralForm account={account.data} />;
}

function GeneralForm({ account }: { account: Account }) {
  const { t, i18n } = useTranslation(['management', 'server', 'onboarding']);
  const patchAccount = usePatchAccount(account.id);
  const { saved, markSaved } = useSavedFlag();
  const form = useFormValues({ display_name: account.display_name, sector: account.sector ?? '' });
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: UpdateAccountInput,
    showErrors: form.showErrors,
    // The shared message names the field "Anzeigename"; here it is labelled as the practice's name.
    check: (body: NameAndSector): Record<string, string> =>
      body.display_name.trim() === '' ? { display_name: t('server:validation.REQUIRED', { 0: t('general.practiceName') }) } : {},
    save: async (body: NameAndSector) => {
      await patchAccount(body);
      markSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // No field chosen is stored as none; the field only sets what new lists start with.
    void save({ display_name: form.values.display_name, sector: (SECTORS as readonly string[]).includes(form.values.sector) ? (form.values.sector as Account['sector']) : null });
  };

  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-name-title">
        <Title order={2} size="h4" id="general-name-title" mb="sm">
          {t('general.nameTitle')}
        </Title>
        <form ref={form.formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput label={t('general.practiceName')} description={t('general.practiceNameHint')} required {...form.textProps('display_name')} />
            <NativeSelect
              label={t('onboarding:general.sector')}
              description={t('general.sectorHint')}
              value={form.values.sector}
              onChange={(e) => form.setValue('sector', e.currentTarget.value)}
              data={[{ value: '', label: t('onboarding:general.sectorNone') }, ...SECTORS.map((sector) => ({ value: sector, label: t(`onboarding:sectors.${sector}.label`) }))]}
            />
            <SaveRow saved={saved} busy={busy} />
          </Stack>
        </form>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="general-account-title">
        <Title order={2} size="h4" id="general-account-title" mb="sm">
          {t('general.accountTitle')}
        </Title>
        <Stack gap="xs" component="dl" m={0}>
          <Fact term={t('general.identifier')} value={account.identifier} />
          <Fact term={t('general.subscription')} value={t(`general.states.${account.subscription_state}`)} />
          {account.trial_end && <Fact term={t('general.trialEnd')} value={date(account.trial_end)} />}
        </Stack>
      </Paper>
      <RetentionSettings account={account} />
      <SecondFactorRequirement account={account} />
      <LogoSettings account={account} />
    </SimpleGrid>
  );
}

type NameAndSector = { display_name: string; sector: Account['sector'] };

/** One read-only term and its value in the account's description list. */
function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </div>
  );
}
