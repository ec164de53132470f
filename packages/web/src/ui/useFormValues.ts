import { useCallback, useRef, useState, type ChangeEvent } from 'react';

type FieldErrors = Record<string, string>;

/**
 * Form values and per-field messages in React state (Mantine inputs, no form library). Editing
 * a field clears its message; `textProps` wires a TextInput or PasswordInput in one spread.
 * `showErrors` sets the messages and moves the focus to the first invalid field of `formRef`'s
 * form, so keyboard and screen-reader users land on what needs fixing.
 */
export function useFormValues<T extends Record<string, string | boolean>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    if (Object.keys(next).length === 0) return;
    // After React has rendered the messages (Mantine marks the inputs aria-invalid).
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  }, []);

  const setValue = useCallback(<K extends keyof T & string>(field: K, value: T[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const textProps = <K extends keyof T & string>(field: K) => ({
    name: field,
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.currentTarget.value as T[K]),
    error: errors[field],
  });

  return { values, setValues, setValue, errors, showErrors, textProps, formRef };
}
