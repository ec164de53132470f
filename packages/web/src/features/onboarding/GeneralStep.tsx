import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_TIME_ZONES, CreateProfileInput, SECTORS, UpdateAccountInput, type Account, type HolidayCountry, type Profile } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { queryKeys } from '../../lib/query-keys';
import { validateWithSchema } from '../../lib/forms';
import { useUser } from '../../lib/session';
import { FormAlert } from '../../ui/FormAlert';
import { PlaceFields } from '../../ui/PlaceFields';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { useNameWithIdentifier } from '../../ui/useNameWithIdentifier';

/** Step 1: the practice's name (the account) and its first location with country, region and time zone. */
export function GeneralStep({ profile, onSaved }: { profile: Profile | undefined; onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation(['onboarding', 'server']);
  const user = useUser();
  const account = useAccount();
  const client = useQueryClient();
  // A free string in the form (a select's value); checked against the countries on submit.
  const country: string = profile?.country ?? 'AT';
  const form = useFormValues({
    display_name: '',
    sector: '',
    name: profile?.name ?? '',
    identifier: profile?.identifier ?? '',
    country,
    region: profile?.region ?? '',
    time_zone: profile?.time_zone ?? COUNTRY_TIME_ZONES.AT,
  });
  const linked = useNameWithIdentifier(form, Boolean(profile));
  // The practice name starts as the account's, once it is known (and is then the user's to edit).
  const accountName = account.data?.display_name;
  const { setValues } = form;
  useEffect(() => {
    if (accountName) setValues((values) => (values.display_name === '' ? { ...values, display_name: accountName } : values));
  }, [accountName, setValues]);
  const accountSector = account.data?.sector;
  useEffect(() => {
    if (accountSector) setValues((values) => (values.sector === '' ? { ...values, sector: accountSector } : values));
  }, [accountSector, setValues]);

  type ProfileBody = { name: string; identifier: string; country: HolidayCountry; region: string | null; time_zone: string };
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateProfileInput,
    showErrors: form.showErrors,
    // The practice's name goes to the account, checked by the account's own schema.
    check: () => validateWithSchema(UpdateAccountInput, { display_name: form.values.display_name }),
    save: async (profileInput: ProfileBody) => {
      if (!user) return;
      // The field picks the defaults of the lists in the next step (packages/shared/src/accounts/sectors.ts).
      const sector = (SECTORS as readonly string[]).includes(form.values.sector) ? (form.values.sector as Account['sector']) : null;
      const saved = await api.patch<Account>(`/accounts/${user.account_id}`, { display_name: form.values.display_name, sector }, { silent: true });
      // The next step reads the field from the cache: it must be this one, not the one loaded before.
      client.setQueryData(queryKeys.account(user.account_id), saved);
      const location = profile
        ? await api.patch<Profile>(`/profiles/${profile.id}`, profileInput, { silent: true })
        : await api.post<Profile>('/profiles', profileInput, { silent: true });
      onSaved(location);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { name, identifier, country, region, time_zone } = form.values;
    void save({ name, identifier, country: country as HolidayCountry, region: region || null, time_zone });
  };

  const link = `${window.location.origin}/${account.data?.identifier ?? '…'}/${form.values.identifier || '…'}`;
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md" mt="md">
        <Title order={2} size="h3">
          {t('general.heading')}
        </Title>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput label={t('general.practiceName')} description={t('general.practiceNameHint')} required {...form.textProps('display_name')} />
        <NativeSelect
          label={t('general.sector')}
          description={t('general.sectorHint')}
          value={form.values.sector}
          onChange={(e) => form.setValue('sector', e.currentTarget.value)}
          data={[{ value: '', label: t('general.sectorNone') }, ...SECTORS.map((sector) => ({ value: sector, label: t(`sectors.${sector}.label`) }))]}
        />
        <TextInput label={t('general.locationName')} required {...linked.nameProps} />
        <TextInput label={t('general.locationIdentifier')} description={t('general.identifierHint', { url: link })} required {...linked.identifierProps} />
        <PlaceFields values={form.values} errors={form.errors} onChange={form.setValue} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
