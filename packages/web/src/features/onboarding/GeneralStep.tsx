import { Button, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRY_TIME_ZONES,
  CreateProfileInput,
  HOLIDAY_COUNTRIES,
  HOLIDAY_REGIONS,
  sanitizeIdentifier,
  UpdateAccountInput,
  type Account,
  type HolidayCountry,
  type Profile,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { useUser } from '../../lib/session';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';

const COUNTRY_NAMES: Record<HolidayCountry, string> = { AT: 'Österreich', DE: 'Deutschland', CH: 'Schweiz' };
const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : Object.values(COUNTRY_TIME_ZONES));

/** Step 1: the practice's name (the account) and its first location with country, region and time zone. */
export function GeneralStep({ profile, onSaved }: { profile: Profile | undefined; onSaved: (profile: Profile) => void }) {
  const { t } = useTranslation(['onboarding', 'server']);
  const user = useUser();
  const account = useQuery({ queryKey: ['account', user?.account_id], queryFn: () => api.get<Account>(`/accounts/${user!.account_id}`), enabled: Boolean(user) });
  const form = useFormValues({
    display_name: '',
    name: profile?.name ?? '',
    identifier: profile?.identifier ?? '',
    country: (profile?.country ?? 'AT') as string,
    region: profile?.region ?? '',
    time_zone: profile?.time_zone ?? COUNTRY_TIME_ZONES.AT,
  });
  const [identifierEdited, setIdentifierEdited] = useState(Boolean(profile));
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The practice name starts as the account's, once it is known (and is then the user's to edit).
  const accountName = account.data?.display_name;
  const { setValues } = form;
  useEffect(() => {
    if (accountName) setValues((values) => (values.display_name === '' ? { ...values, display_name: accountName } : values));
  }, [accountName, setValues]);

  const country = form.values.country as HolidayCountry;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const profileInput = { name: form.values.name, identifier: form.values.identifier, country, region: form.values.region || null, time_zone: form.values.time_zone };
    const errors = { ...validateWithSchema(UpdateAccountInput, { display_name: form.values.display_name }), ...validateWithSchema(CreateProfileInput, profileInput) };
    form.showErrors(errors);
    if (Object.keys(errors).length > 0 || !user) return;
    setBusy(true);
    try {
      await api.patch<Account>(`/accounts/${user.account_id}`, { display_name: form.values.display_name }, { silent: true });
      const saved = profile
        ? await api.patch<Profile>(`/profiles/${profile.id}`, profileInput, { silent: true })
        : await api.post<Profile>('/profiles', profileInput, { silent: true });
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const link = `${window.location.origin}/${account.data?.identifier ?? '…'}/${form.values.identifier || '…'}`;
  return (
    <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" mt="md">
        <Title order={2} size="h3">
          {t('general.heading')}
        </Title>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput label={t('general.practiceName')} description={t('general.practiceNameHint')} required {...form.textProps('display_name')} />
        <TextInput
          label={t('general.locationName')}
          required
          {...form.textProps('name')}
          onChange={(e) => {
            const name = e.currentTarget.value;
            form.setValue('name', name);
            if (!identifierEdited) form.setValue('identifier', sanitizeIdentifier(name).toLowerCase());
          }}
        />
        <TextInput
          label={t('general.locationIdentifier')}
          description={t('general.identifierHint', { url: link })}
          required
          {...form.textProps('identifier')}
          onChange={(e) => {
            setIdentifierEdited(true);
            form.setValue('identifier', e.currentTarget.value);
          }}
        />
        <Group grow align="flex-start">
          <Select
            label={t('general.country')}
            data={HOLIDAY_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
            value={form.values.country}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              form.setValue('country', value);
              form.setValue('region', '');
              form.setValue('time_zone', COUNTRY_TIME_ZONES[value as HolidayCountry]);
            }}
            error={form.errors.country}
          />
          <Select
            label={t('general.region')}
            data={[{ value: '', label: t('general.regionNone') }, ...HOLIDAY_REGIONS[country].map((r) => ({ value: r.code, label: r.name }))]}
            value={form.values.region}
            allowDeselect={false}
            onChange={(value) => form.setValue('region', value ?? '')}
            error={form.errors.region}
          />
        </Group>
        <Select label={t('general.timeZone')} data={timeZones()} searchable value={form.values.time_zone} allowDeselect={false} onChange={(value) => value && form.setValue('time_zone', value)} error={form.errors.time_zone} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
