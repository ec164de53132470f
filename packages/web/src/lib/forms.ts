import { installZodErrorCodes } from '@wartefrei/shared';
import type { z } from 'zod';
import { i18next } from '../i18n';
import { ApiRequestError } from './api';

// The shared schemas report codes (REQUIRED, MIN_LENGTH, ...) that the catalogue translates.
installZodErrorCodes();

/** Labels a form names its own fields with (field → its label as the form shows it). */
export type FieldLabels = Readonly<Record<string, string>>;

/** A field's label: the form's own, else the shared catalogue's (`server:fields.<name>`), else the name itself. */
function fieldLabel(field: string, labels?: FieldLabels): string {
  if (labels?.[field]) return labels[field];
  return i18next.exists(`server:fields.${field}`) ? i18next.t(`server:fields.${field}`) : field;
}

/**
 * Validates form values with the same zod schema the server uses and returns one message per
 * field in the chosen language ('{0} darf nicht leer sein', …), for Mantine's `form.setErrors`.
 */
export function validateWithSchema(schema: z.ZodType, values: unknown, labels?: FieldLabels): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'form';
    if (errors[field]) continue;
    const limit = 'minimum' in issue ? issue.minimum : 'maximum' in issue ? issue.maximum : undefined;
    errors[field] = messageOf(field, issue.message, limit === undefined ? '' : String(limit), labels);
  }
  return errors;
}

/** A field's problem code ('REQUIRED', 'INVALID_MAIL', …) as the catalogue words it for that field. */
export function messageOf(field: string, code: string, limit = '', labels?: FieldLabels): string {
  const key = `server:validation.${code}`;
  const label = fieldLabel(field, labels);
  return i18next.exists(key) ? i18next.t(key, { 0: label, 1: limit }) : i18next.t('server:validation.INVALID_VALUE', { 0: label });
}

/** The per-field messages of a failed call (the server already wrote them in our language). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError) || !error.body?.fields) return {};
  return Object.fromEntries(Object.entries(error.body.fields).map(([field, problem]) => [field, problem.message]));
}
