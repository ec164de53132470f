import { useCostCheck } from '../billing/useCostCheck';
import { Button, Fieldset, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateProfileInput, KIOSK_PRINTING_MODES, type Profile } from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { PlaceFields } from '../../ui/PlaceFields';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { useNameWithIdentifier } from '../../ui/useNameWithIdentifier';
import { locationFormValues, locationInputOf } from './lists-form';
import { queryKeys } from '../../lib/query-keys';
import { EditButton } from './EditButton';

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
      {profile ? <EditButton label={label} onClick={() => setOpen(true)} /> : <Button onClick={() => setOpen(true)}>{label}</Button>}
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={profile ? t('lists.location.editTitle') : t('lists.location.newTitle')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
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
  const linked = useNameWithIdentifier(form, Boolean(profile));
  const cost = useCostCheck();
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateProfileInput,
    showErrors: form.showErrors,
    labels: {
      'quiet_hours.start': `${t('lists.location.quietHours')}: ${t('lists.location.quietFrom')}`,
      'quiet_hours.end': `${t('lists.location.quietHours')}: ${t('lists.location.quietUntil')}`,
    },
    save: async (input: ReturnType<typeof locationInputOf>) => {
      if (profile) await api.patch<Profile>(`/profiles/${profile.id}`, input, { silent: true });
      else if (await cost.confirmCost({ add_locations: 1 })) await api.post<Profile>('/profiles', input, { silent: true });
      else return;
      await client.invalidateQueries({ queryKey: queryKeys.profiles.all });
      onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(locationInputOf(form.values));
  };

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      {cost.dialog}
      <Stack gap="sm">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        <TextInput label={t('lists.location.name')} required data-autofocus {...linked.nameProps} />
        <TextInput label={t('lists.location.identifier')} description={t('lists.location.identifierHint')} required {...linked.identifierProps} />
        <PlaceFields values={form.values} errors={form.errors} onChange={form.setValue} />
        <TextInput label={t('lists.location.street')} {...form.textProps('address.street1')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('lists.location.postcode')} {...form.textProps('address.postcode')} />
          <TextInput label={t('lists.location.city')} {...form.textProps('address.city')} />
        </SimpleGrid>
        <Radio.Group
          label={t('lists.location.kioskPrinting.label')}
          description={t('lists.location.kioskPrinting.hint')}
          value={form.values.kiosk_printing}
          onChange={(value) => form.setValue('kiosk_printing', value)}
        >
          <Stack gap="xs" mt="xs">
            {KIOSK_PRINTING_MODES.map((mode) => (
              <Radio key={mode} value={mode} label={t(`lists.location.kioskPrinting.${mode}`)} description={t(`lists.location.kioskPrinting.${mode}_needs`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Fieldset legend={t('lists.location.quietHours')} variant="unstyled">
          <Text size="sm" mb="xs">
            {t('lists.location.quietHint')}
          </Text>
          <SimpleGrid cols={2} maw={320}>
            <TextInput type="time" step={300} label={t('lists.location.quietFrom')} {...form.textProps('quiet_hours.start')} />
            <TextInput type="time" step={300} label={t('lists.location.quietUntil')} {...form.textProps('quiet_hours.end')} />
          </SimpleGrid>
        </Fieldset>
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
