import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../lib/session';
import { PassphraseUsername } from './PassphraseFields';

/**
 * The user's own passphrase, asked where a step needs their private key (switching on, recovering)
 * and this tab does not hold it yet: the grant is wrapped for the public key derived from it,
 * not for the one the server names.
 */
export function OwnPassphraseField({ value, error, onChange, disabled }: { value: string; error?: string; onChange: (next: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('encryption');
  const user = useUser();
  return (
    <>
      <PassphraseUsername username={user?.username ?? ''} />
      <PasswordInput
        label={t('own.yourPassphrase')}
        description={t('own.yourPassphraseHint')}
        autoComplete="off"
        value={value}
        error={error}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 220 }}
      />
    </>
  );
}
