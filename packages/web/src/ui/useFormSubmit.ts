import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrorsOf, validateWithSchema, type FieldLabels } from '../lib/forms';

type FieldErrors = Record<string, string>;

interface FormSubmitOptions<Body> {
  /** The shared schema the server checks the body with: its messages show before any request. */
  schema: z.ZodType;
  /** Puts messages at the fields (useFormValues' `showErrors` also moves the focus to the first). */
  showErrors: (errors: FieldErrors) => void;
  /** The request and what follows a success (refetch, close the dialog, "Gespeichert"). */
  save: (body: Body) => Promise<void>;
  /** Messages the schema cannot give (a clearer wording, a rule across fields), added to its own. */
  check?: (body: Body) => FieldErrors;
  /** The form's own labels for fields the shared catalogue does not name (`server:fields`). */
  labels?: FieldLabels;
}

/**
 * The one way a staff form saves: check with the shared schema, send, and on a refusal put the
 * server's field messages at the fields or show its message above the form. The typed values
 * are never touched, so nothing is lost on bad input.
 */
export function useFormSubmit<Body>({ schema, showErrors, save, check, labels }: FormSubmitOptions<Body>) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (body: Body): Promise<void> => {
    setFailure(undefined);
    const invalid = { ...validateWithSchema(schema, body, labels), ...check?.(body) };
    showErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setBusy(true);
    try {
      await save(body);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) showErrors(fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  // setFailure: for a form that turns messages without a field of its own into the alert above it.
  return { submit, busy, failure, setFailure };
}
