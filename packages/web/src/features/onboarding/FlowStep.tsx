import { ActionIcon, Button, Checkbox, Chip, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateQueueInput, sanitizeIdentifier, SECTOR_AVERAGE_MINUTES, type Profile, type Queue, type ScheduleNow } from '@wartefrei/shared';
import { useAccount } from '../../lib/account';
import { api } from '../../lib/api';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { FormAlert } from '../../ui/FormAlert';
import type { OpenableList } from './OpenNowQuestion';

/** One waiting list as the form holds it; `queue` once it is saved, so a retry never creates it twice. */
interface ListDraft {
  key: number;
  name: string;
  identifier: string;
  identifierEdited: boolean;
  average: number | string;
  online: boolean;
  kiosk: boolean;
  weekdays: string[];
  open: string;
  close: string;
  /** The note on the ticket before the draw (ticket_text_before). */
  text: string;
  queue?: Queue;
}

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];
const MAX_LISTS = 5;
let nextKey = 0;

/** What a new list starts with: the practice's field's name, average and ticket note (sectors.ts), else blank. */
interface NewListDefaults {
  name: string;
  average: number;
  text: string;
}

const draftOf = (queue?: Queue, defaults: NewListDefaults = { name: '', average: 10, text: '' }): ListDraft => ({
  key: nextKey++,
  name: queue?.name ?? defaults.name,
  identifier: queue?.identifier ?? sanitizeIdentifier(defaults.name).toLowerCase(),
  identifierEdited: Boolean(queue),
  average: queue?.average_process_minutes ?? defaults.average,
  text: queue ? (queue.ticket_text_before ?? '') : defaults.text,
  online: queue?.draw_online_enabled ?? true,
  kiosk: queue?.kiosk_enabled ?? false,
  weekdays: ['1', '2', '3', '4', '5'],
  open: '08:00',
  close: '12:00',
  queue,
});

type Errors = Record<string, string>;

/**
 * Step 2: the first waiting lists with the essential settings, and their opening times as a
 * weekly schedule (START at the opening time, TERMINATE at the closing time on each chosen day).
 */
export function FlowStep({
  profile,
  saved,
  onBack,
  onSaved,
}: {
  profile: Profile;
  saved: Queue[];
  onBack: () => void;
  /** The saved lists, and those new ones whose hours have begun (the server's answer, in the location's zone). */
  onSaved: (queues: Queue[], openable: OpenableList[]) => void;
}) {
  const { t } = useTranslation(['onboarding', 'server']);
  const sector = useAccount().data?.sector;
  const defaults = (first: boolean): NewListDefaults | undefined =>
    sector ? { name: first ? t(`sectors.${sector}.listName`) : '', average: SECTOR_AVERAGE_MINUTES[sector], text: t(`sectors.${sector}.ticketText`) } : undefined;
  const [lists, setLists] = useState<ListDraft[]>(() => (saved.length > 0 ? saved.map((q) => draftOf(q)) : [draftOf(undefined, defaults(true))]));
  const [errors, setErrors] = useState<Record<number, Errors>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const update = (key: number, change: Partial<ListDraft>) => setLists((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));

  const check = (list: ListDraft): Errors => {
    const found = validateWithSchema(CreateQueueInput, { profile_id: profile.id, ...queueInput(list) });
    if (list.weekdays.length === 0) found.weekdays = t('flow.noWeekday');
    if (list.close <= list.open) found.close = t('flow.closeBeforeOpen');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found = Object.fromEntries<Errors>(lists.map((l) => [l.key, check(l)] as const).filter(([, e]) => Object.keys(e).length > 0));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const done: Queue[] = [];
    const openable: OpenableList[] = [];
    try {
      for (const list of lists) {
        const queue = list.queue
          ? await api.patch<Queue>(`/queues/${list.queue.id}`, queueInput(list), { silent: true })
          : await api.post<Queue>('/queues', { profile_id: profile.id, ...queueInput(list) }, { silent: true });
        if (!list.queue) {
          // Saved before its schedule: a failure below must not create the list again on retry.
          update(list.key, { queue });
          for (const weekday of list.weekdays) {
            await api.post(`/queues/${queue.id}/schedule`, { event: 'START', weekday: Number(weekday), local_time: list.open }, { silent: true });
            await api.post(`/queues/${queue.id}/schedule`, { event: 'TERMINATE', weekday: Number(weekday), local_time: list.close }, { silent: true });
          }
          const now = await api.get<ScheduleNow>(`/queues/${queue.id}/schedule/now`, { silent: true });
          if (now.within_hours) openable.push({ queue, closesAt: now.closes_at_local_time });
        }
        done.push(queue);
      }
      onSaved(done, openable);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const failed = lists[done.length];
      if (failed && Object.keys(fields).length > 0) setErrors({ [failed.key]: fields });
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md" mt="md">
        <Title order={2} size="h3">
          {t('flow.heading')}
        </Title>
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {lists.map((list, index) => (
          <ListFields
            key={list.key}
            list={list}
            index={index}
            errors={errors[list.key] ?? {}}
            removable={lists.length > 1 && !list.queue}
            onChange={(change) => update(list.key, change)}
            onRemove={() => setLists((all) => all.filter((l) => l.key !== list.key))}
          />
        ))}
        {lists.length < MAX_LISTS && (
          <Button variant="default" onClick={() => setLists((all) => [...all, draftOf(undefined, defaults(false))])} style={{ alignSelf: 'flex-start' }}>
            {t('flow.addList')}
          </Button>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            {t('back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function queueInput(list: ListDraft) {
  return {
    name: list.name,
    identifier: list.identifier,
    average_process_minutes: typeof list.average === 'number' ? list.average : Number(list.average),
    draw_online_enabled: list.online,
    kiosk_enabled: list.kiosk,
    ticket_text_before: list.text.trim() === '' ? null : list.text.trim(),
  };
}

interface ListFieldsProps {
  list: ListDraft;
  index: number;
  errors: Errors;
  removable: boolean;
  onChange: (change: Partial<ListDraft>) => void;
  onRemove: () => void;
}

function ListFields({ list, index, errors, removable, onChange, onRemove }: ListFieldsProps) {
  const { t } = useTranslation('onboarding');
  const id = `list-${list.key}`;
  return (
    <Paper withBorder p="md" radius="md" component="fieldset" aria-labelledby={`${id}-title`} style={{ margin: 0 }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600} id={`${id}-title`}>
            {t('flow.listNumber', { n: index + 1 })}
          </Text>
          {removable && (
            <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('flow.removeList')}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        <TextInput
          label={t('flow.listName')}
          required
          value={list.name}
          error={errors.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            onChange(list.identifierEdited ? { name } : { name, identifier: sanitizeIdentifier(name).toLowerCase() });
          }}
        />
        <TextInput
          label={t('flow.listIdentifier')}
          required
          value={list.identifier}
          error={errors.identifier}
          onChange={(e) => onChange({ identifier: e.currentTarget.value, identifierEdited: true })}
        />
        <NumberInput label={t('flow.average')} min={1} max={1440} value={list.average} error={errors.average_process_minutes} onChange={(value) => onChange({ average: value })} />
        <Textarea
          label={t('flow.ticketText')}
          autosize
          minRows={1}
          value={list.text}
          error={errors.ticket_text_before}
          onChange={(e) => onChange({ text: e.currentTarget.value })}
        />
        <Checkbox label={t('flow.online')} checked={list.online} onChange={(e) => onChange({ online: e.currentTarget.checked })} />
        <Checkbox label={t('flow.kiosk')} checked={list.kiosk} onChange={(e) => onChange({ kiosk: e.currentTarget.checked })} />
        {!list.queue && (
          <>
            <Text fw={500} id={`${id}-hours`}>
              {t('flow.hours')}
            </Text>
            <Chip.Group multiple value={list.weekdays} onChange={(weekdays) => onChange({ weekdays: WEEKDAYS.filter((d) => weekdays.includes(d)) })}>
              <Group gap="xs" role="group" aria-label={t('flow.weekdays')}>
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={day} aria-label={t(`weekdayLong.${day}`)}>
                    {t(`weekday.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.weekdays && (
              <Text c="red.8" size="sm" role="alert">
                {errors.weekdays}
              </Text>
            )}
            <Group grow align="flex-start">
              <TextInput type="time" label={t('flow.open')} value={list.open} onChange={(e) => onChange({ open: e.currentTarget.value })} />
              <TextInput type="time" label={t('flow.close')} value={list.close} error={errors.close} onChange={(e) => onChange({ close: e.currentTarget.value })} />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
