import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_TIME_ZONES,
  CreateProfileInput,
  UpdateAccountInput,
  type Account,
  type HolidayCountry,
  type Profile,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { useAccount } from '../../lib/account';
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
  // A free string in the form (a select's value); checked against the countries on submit.
  const country: string = profile?.country ?? 'AT';
  const form = useFormValues({
    display_name: '',
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

  type ProfileBody = { name: string; identifier: string; country: HolidayCountry; region: string | null; time_zone: string };
  const { submit: save, busy, failure } = useFormSubmit({
    schema: CreateProfileInput,
    showErrors: form.showErrors,
    // The practice's name goes to the account, checked by the account's own schema.
    check: () => validateWithSchema(UpdateAccountInput, { display_name: form.values.display_name }),
    save: async (profileInput: ProfileBody) => {
      if (!user) return;
      await api.patch<Account>(`/accounts/${user.account_id}`, { display_name: form.values.display_name }, { silent: true });
      const saved = profile
        ? await api.patch<Profile>(`/profiles/${profile.id}`, profileInput, { silent: true })
        : await api.post<Profile>('/profiles', profileInput, { silent: true });
      onSaved(saved);
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
        <TextInput
          label={t('general.locationName')}
          required
          {...linked.nameProps}
        />
        <TextInput
          label={t('general.locationIdentifier')}
          description={t('general.identifierHint', { url: link })}
          required
          {...linked.identifierProps}
        />
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
