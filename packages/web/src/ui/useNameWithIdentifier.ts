import { useState, type ChangeEvent } from 'react';
import { sanitizeIdentifier } from '@wartefrei/shared';

type FieldProps = { name: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error: string | undefined };

interface NameForm {
  textProps: (field: 'name' | 'identifier') => FieldProps;
  setValue: (field: 'name' | 'identifier', value: string) => void;
}

/**
 * A name and the identifier of its link (a location's, a waiting list's): the identifier follows
 * the name, sanitised, until the user types one of their own. `edited` is true for something that
 * exists already, whose link must not change behind the user's back.
 */
export function useNameWithIdentifier(form: NameForm, edited: boolean) {
  const [identifierEdited, setIdentifierEdited] = useState(edited);
  return {
    nameProps: {
      ...form.textProps('name'),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const name = event.currentTarget.value;
        form.setValue('name', name);
        if (!identifierEdited) form.setValue('identifier', sanitizeIdentifier(name).toLowerCase());
      },
    },
    identifierProps: {
      ...form.textProps('identifier'),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setIdentifierEdited(true);
        form.setValue('identifier', event.currentTarget.value);
      },
    },
  };
}
