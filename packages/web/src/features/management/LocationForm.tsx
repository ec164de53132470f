import { ActionIcon, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_TIME_ZONES, CreateProfileInput, HOLIDAY_COUNTRIES, HOLIDAY_REGIONS, sanitizeIdentifier, type HolidayCountry, type Profile } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { FormAlert } from '../../ui/FormAlert';
import { useFormValues } from '../../ui/useFormValues';
import { locationFormValues, locationInputOf } from './lists-form';

const timeZones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : Object.values(COUNTRY_TIME_ZONES));

/**
 * A location's create or edit dialog, opened by its own button: "Standort anlegen" without
 * `profile`, a pencil on the location with one.
 */
export function LocationForm({ profile, onSaved }: { profile?: Profile; onSaved: () => void }) {
  const { t } = useTranslation('management');
  const [open, setOpen] = useState(false);
  const label = profile ? t('lists.location.edit', { name: profile.name }) : t('lists.location.add');
  return (
    <>
      {profile ? (
        <Tooltip label={label}>
          <ActionIcon variant="subtle" aria-label={label} onClick={() => setOpen(true)}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button onClick={() => setOpen(true)}>{label}</Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={profile ? t('lists.location.editTitle') : t('lists.location.newTitle')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
        {/* Mounted only while open, so each opening starts from the stored location. */}
        <LocationFields
          profile={profile}
          onCancel={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            onSaved();
          }}
        />
      </Modal>
    </>
  );
}

function LocationFields({ profile, onCancel, onSaved }: { profile?: Profile; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const form = useFormValues(locationFormValues(profile));
  // A new location's identifier follows its name until the user types one of their own.
  const [identifierEdited, setIdentifierEdited] = useState(Boolean(profile));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const country = form.values.country as HolidayCountry;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const input = locationInputOf(form.values);
    const errors = validateWithSchema(CreateProfileInput, input);
    form.showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      if (profile) await api.patch<Profile>(`/profiles/${profile.id}`, input, { silent: true });
      else await api.post<Profile>('/profiles', input, { silent: true });
      await client.invalidateQueries({ queryKey: ['profiles'] });
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) form.showErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput
          label={t('lists.location.name')}
          required
          data-autofocus
          {...form.textProps('name')}
          onChange={(e) => {
            const name = e.currentTarget.value;
            form.setValue('name', name);
            if (!identifierEdited) form.setValue('identifier', sanitizeIdentifier(name).toLowerCase());
          }}
        />
        <TextInput
          label={t('lists.location.identifier')}
          description={t('lists.location.identifierHint')}
          required
          {...form.textProps('identifier')}
          onChange={(e) => {
            setIdentifierEdited(true);
            form.setValue('identifier', e.currentTarget.value);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('lists.location.country')}
            data={HOLIDAY_COUNTRIES.map((code) => ({ value: code, label: t(`lists.countries.${code}`) }))}
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
            label={t('lists.location.region')}
            data={[{ value: '', label: t('lists.location.regionNone') }, ...HOLIDAY_REGIONS[country].map((r) => ({ value: r.code, label: r.name }))]}
            value={form.values.region}
            allowDeselect={false}
            onChange={(value) => form.setValue('region', value ?? '')}
            error={form.errors.region}
          />
        </SimpleGrid>
        <Select
          label={t('lists.location.timeZone')}
          data={timeZones()}
          searchable
          value={form.values.time_zone}
          allowDeselect={false}
          onChange={(value) => value && form.setValue('time_zone', value)}
          error={form.errors.time_zone}
        />
        <TextInput label={t('lists.location.street')} {...form.textProps('address.street1')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('lists.location.postcode')} {...form.textProps('address.postcode')} />
          <TextInput label={t('lists.location.city')} {...form.textProps('address.city')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('lists.location.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
