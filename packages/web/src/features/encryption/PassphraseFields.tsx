import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MIN_PASSPHRASE_LENGTH } from './key-steps';

export interface NewPassphrase {
  passphrase: string;
  repeat: string;
}

/** The problem of a new passphrase, per field; empty when it may be used. */
export function passphraseProblems(value: NewPassphrase, t: TFunction<'encryption'>): Partial<Record<keyof NewPassphrase, string>> {
  if (value.passphrase.length < MIN_PASSPHRASE_LENGTH) return { passphrase: t('own.tooShort', { min: MIN_PASSPHRASE_LENGTH }) };
  if (value.passphrase !== value.repeat) return { repeat: t('own.mismatch') };
  return {};
}

/** A new passphrase, typed twice. */
export function PassphraseFields({ value, errors, onChange }: { value: NewPassphrase; errors: Partial<Record<keyof NewPassphrase, string>>; onChange: (next: NewPassphrase) => void }) {
  const { t } = useTranslation('encryption');
  return (
    <Stack gap="sm">
      <PasswordInput
        label={t('own.passphrase')}
        description={t('own.passphraseHint', { min: MIN_PASSPHRASE_LENGTH })}
        autoComplete="new-password"
        value={value.passphrase}
        error={errors.passphrase}
        onChange={(e) => onChange({ ...value, passphrase: e.currentTarget.value })}
        required
      />
      <PasswordInput
        label={t('own.repeat')}
        autoComplete="new-password"
        value={value.repeat}
        error={errors.repeat}
        onChange={(e) => onChange({ ...value, repeat: e.currentTarget.value })}
        required
      />
    </Stack>
  );
}
