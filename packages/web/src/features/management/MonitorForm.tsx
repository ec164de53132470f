import { Checkbox, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreateMonitorInput,
  MONITOR_LAYOUTS,
  MONITOR_STYLES,
  MONITOR_ZOOM_MAX,
  MONITOR_ZOOM_MIN,
  type Monitor,
  type MonitorLayout,
  type MonitorStyle,
  type Profile,
  type Queue,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { useFormSubmit } from '../../ui/useFormSubmit';
import { useFormValues } from '../../ui/useFormValues';
import { EMPTY_MONITOR, monitorFormValuesOf, monitorInputOf } from './monitors-form';
import { MonitorQueuesPicker } from './MonitorQueuesPicker';
import { queryKeys } from '../../lib/query-keys';
import { DialogActions } from '../../ui/DialogActions';

interface MonitorFormProps {
  /** The monitor to edit; absent for a new one. */
  monitor?: Monitor;
  queues: Queue[];
  profiles: Profile[];
  onClose: () => void;
  onSaved: () => void;
}

/** Creating or editing a monitor in a dialog: its name and link, look, sound and the lists it shows. */
export function MonitorForm({ monitor, queues, profiles, onClose, onSaved }: MonitorFormProps) {
  const { t } = useTranslation(['management', 'server']);
  const client = useQueryClient();
  const form = useFormValues(monitor ? monitorFormValuesOf(monitor) : EMPTY_MONITOR);
  const [queueIds, setQueueIds] = useState<string[]>(monitor?.queue_ids ?? []);
  const { values, errors, setValue } = form;
  const {
    submit: save,
    busy,
    failure,
  } = useFormSubmit({
    schema: CreateMonitorInput,
    showErrors: form.showErrors,
    save: async (body: ReturnType<typeof monitorInputOf>) => {
      if (monitor) await api.patch<Monitor>(`/monitors/${monitor.id}`, body, { silent: true });
      else await api.post<Monitor>('/monitors', body, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.monitors.all });
      onSaved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(monitorInputOf(values, queueIds));
  };

  const layouts = MONITOR_LAYOUTS.map((layout) => ({ value: layout, label: t(`monitors.layouts.${layout}`) }));
  const styles = MONITOR_STYLES.map((style) => ({ value: style, label: t(`monitors.styles.${style}`) }));
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={monitor ? t('monitors.editTitle', { name: monitor.display_name }) : t('monitors.create')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('monitors.displayName')} required data-autofocus {...form.textProps('display_name')} />
            <TextInput label={t('monitors.identifier')} description={t('monitors.identifierHint')} required {...form.textProps('identifier')} />
            <NativeSelect
              label={t('monitors.layout')}
              data={layouts}
              name="layout"
              value={values.layout}
              onChange={(e) => setValue('layout', e.currentTarget.value as MonitorLayout)}
              error={errors.layout}
            />
            <NativeSelect
              label={t('monitors.style')}
              data={styles}
              name="style"
              value={values.style}
              onChange={(e) => setValue('style', e.currentTarget.value as MonitorStyle)}
              error={errors.style}
            />
            <NumberInput
              label={t('monitors.zoom')}
              description={t('monitors.zoomHint', { min: MONITOR_ZOOM_MIN, max: MONITOR_ZOOM_MAX })}
              suffix=" %"
              // No min/max here: they would silently clamp 400 to 300; the shared schema says why instead.
              step={10}
              allowDecimal={false}
              allowNegative={false}
              name="custom_zoom"
              value={values.custom_zoom}
              onChange={(value) => setValue('custom_zoom', String(value))}
              error={errors.custom_zoom}
            />
            <Stack gap="xs" justify="center">
              <Checkbox label={t('monitors.gong')} checked={values.gong} onChange={(e) => setValue('gong', e.currentTarget.checked)} />
              <Checkbox label={t('monitors.speech')} checked={values.speech} onChange={(e) => setValue('speech', e.currentTarget.checked)} />
            </Stack>
          </SimpleGrid>
          <MonitorQueuesPicker queues={queues} profiles={profiles} value={queueIds} onChange={setQueueIds} error={errors.queue_ids} />
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('monitors.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
