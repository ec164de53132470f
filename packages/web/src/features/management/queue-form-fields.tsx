import { Accordion, Checkbox, ColorInput, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { QUEUE_FORM_SECTIONS, QUEUE_SETTING_NAMES, queueSetting, type QueueFormSection } from '@wartefrei/shared';
import type { useFormValues } from '../../ui/useFormValues';
import { queueFormFieldsOf, type QueueFormValues } from './lists-form';

/**
 * The form's sections and the fields in each, as the list settings declare them (shared
 * queue-settings.ts), so that a section with an invalid field opens. QueueForm lays the fields
 * out; QueueForm.test.tsx fails when a declared field is not in its section there.
 */
export const SECTIONS = Object.fromEntries(
  QUEUE_FORM_SECTIONS.map((section) => [
    section,
    [...(section === 'general' ? ['name', 'identifier'] : []), ...QUEUE_SETTING_NAMES.filter((name) => queueSetting(name).section === section).flatMap(queueFormFieldsOf)],
  ]),
) as Record<QueueFormSection, string[]>;
// A field appears with its feature: a switch that saves and does nothing would mislead the practice.
export type Section = QueueFormSection;

/** The sections holding one of these fields (a message for `patient_inputs` as a whole opens its section too). */
export const sectionsOf = (fields: string[]): Section[] =>
  (Object.keys(SECTIONS) as Section[]).filter((section) => fields.some((field) => SECTIONS[section].some((f) => f === field || f.startsWith(`${field}.`))));

/**
 * The inputs the list form is made of, each bound to its field of `form` and labelled from the
 * catalogue (`lists.queue.fields.*`): one place for how a text, number, flag, choice or colour
 * of a list is edited, so the form itself only says which field goes where.
 */
export function queueFieldInputs(form: ReturnType<typeof useFormValues<QueueFormValues>>, t: TFunction) {
  const label = (field: string) => t(`lists.queue.fields.${field}`);
  return {
    label,
    text: (field: string, extra: { description?: string; required?: boolean; type?: string } = {}) => <TextInput label={label(field)} {...extra} {...form.textProps(field)} />,
    whole: (field: string, description?: string) => <TextInput label={label(field)} description={description} inputMode="numeric" {...form.textProps(field)} />,
    area: (field: string) => (
      <Textarea
        label={label(field)}
        autosize
        minRows={2}
        name={field}
        value={form.values[field] as string}
        onChange={(e) => form.setValue(field, e.currentTarget.value)}
        error={form.errors[field]}
      />
    ),
    flag: (field: string) => (
      <Checkbox
        label={label(field)}
        name={field}
        checked={form.values[field] as boolean}
        onChange={(e) => form.setValue(field, e.currentTarget.checked)}
        error={form.errors[field]}
      />
    ),
    /** A select; `fixed` shows a value the form sends whatever is chosen, disabled, with the reason. */
    choice: (field: string, fieldLabel: string, options: { value: string; label: string }[], fixed?: { value: string; reason: string }) => (
      <NativeSelect
        label={fieldLabel}
        name={field}
        data={options}
        value={fixed?.value ?? (form.values[field] as string)}
        disabled={fixed !== undefined}
        description={fixed?.reason}
        onChange={(e) => form.setValue(field, e.currentTarget.value)}
        error={form.errors[field]}
      />
    ),
    color: (field: string) => (
      <ColorInput
        label={label(field)}
        description={t('lists.queue.hints.color')}
        name={field}
        format="hex"
        value={form.values[field] as string}
        onChange={(value) => form.setValue(field, value)}
        error={form.errors[field]}
        closeOnColorSwatchClick
        eyeDropperButtonProps={{ 'aria-label': `${t('lists.queue.eyeDropper')}: ${label(field)}` }}
      />
    ),
    section: (value: Section, children: ReactNode) => (
      <Accordion.Item value={value}>
        <Accordion.Control>{t(`lists.queue.sections.${value}`)}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">{children}</Stack>
        </Accordion.Panel>
      </Accordion.Item>
    ),
  };
}
