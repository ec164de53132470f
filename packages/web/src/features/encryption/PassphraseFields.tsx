import { Button, Group, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MIN_PASSPHRASE_LENGTH } from './key-steps';

export interface NewPassphrase {
  passphrase: string;
  repeat: string;
}

/** The lowest zxcvbn score a passphrase may have (3: "safely unguessable", ~10^10 guesses). */
export const MIN_PASSPHRASE_SCORE = 3;

/** The strength estimator, fetched on first use only (its dictionaries stay out of the first load). */
const strength = () => import('./strength');

/** The problem of a new passphrase, per field; empty when it may be used. */
export async function passphraseProblems(value: NewPassphrase, t: TFunction<'encryption'>, knownWords: string[] = []): Promise<Partial<Record<keyof NewPassphrase, string>>> {
  if (value.passphrase.length < MIN_PASSPHRASE_LENGTH) return { passphrase: t('own.tooShort', { min: MIN_PASSPHRASE_LENGTH }) };
  if ((await strength()).passphraseScore(value.passphrase, knownWords) < MIN_PASSPHRASE_SCORE) return { passphrase: t('own.tooWeak') };
  if (value.passphrase !== value.repeat) return { repeat: t('own.mismatch') };
  return {};
}

/**
 * A username of the passphrase's own, hidden: password managers file the passphrase under it and
 * do not offer (or overwrite) the login password here, which the server receives at every sign-in.
 */
export function PassphraseUsername({ username }: { username: string }) {
  return <input type="text" name="username" autoComplete="username" value={`wartefrei-passphrase:${username}`} readOnly hidden aria-hidden="true" tabIndex={-1} />;
}

const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;
const COLORS = ['red.8', 'red.8', 'yellow.8', 'teal.8', 'green.8'] as const;

/** The estimate as the user types (debounced; the estimator loads on the first keystroke). */
function useScore(passphrase: string, knownWords: string[]): number | undefined {
  const [score, setScore] = useState<number>();
  const known = knownWords.join('\n');
  useEffect(() => {
    if (passphrase === '') {
      setScore(undefined);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void strength().then(({ passphraseScore }) => {
        if (current) setScore(passphraseScore(passphrase, known.split('\n')));
      });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [passphrase, known]);
  return score;
}

/** A new passphrase, typed twice or generated, with its strength. */
export function PassphraseFields({
  value,
  errors,
  onChange,
  username,
}: {
  value: NewPassphrase;
  errors: Partial<Record<keyof NewPassphrase, string>>;
  onChange: (next: NewPassphrase) => void;
  username: string;
}) {
  const { t } = useTranslation('encryption');
  const score = useScore(value.passphrase, [username]);
  const [generated, setGenerated] = useState<string>();
  // A generated passphrase is shown, to be written down; a typed one stays hidden unless asked.
  const [visible, setVisible] = useState(false);
  const generate = async () => {
    const passphrase = (await strength()).generatePassphrase();
    setGenerated(passphrase);
    setVisible(true);
    onChange({ passphrase, repeat: passphrase });
  };
  return (
    <Stack gap="sm">
      <PassphraseUsername username={username} />
      <PasswordInput
        label={t('own.passphrase')}
        description={t('own.passphraseHint', { min: MIN_PASSPHRASE_LENGTH })}
        autoComplete="new-password"
        value={value.passphrase}
        error={errors.passphrase}
        visible={visible}
        onVisibilityChange={setVisible}
        onChange={(e) => {
          setGenerated(undefined);
          onChange({ ...value, passphrase: e.currentTarget.value });
        }}
        required
      />
      {score !== undefined && (
        <Stack gap={4} data-testid="passphrase-strength">
          <Progress value={(score + 1) * 20} color={COLORS[score]} size="sm" aria-hidden="true" />
          <Text size="sm" aria-live="polite">
            {t('own.strength', { level: t(`own.strengthLevel.${LEVELS[score]!}`) })}
          </Text>
        </Stack>
      )}
      <PasswordInput
        label={t('own.repeat')}
        autoComplete="new-password"
        value={value.repeat}
        error={errors.repeat}
        onChange={(e) => onChange({ ...value, repeat: e.currentTarget.value })}
        required
      />
      <Group gap="sm">
        <Button variant="default" size="xs" onClick={() => void generate()}>
          {t('own.generate')}
        </Button>
        {generated !== undefined && generated === value.passphrase && (
          <Text size="sm" data-testid="generated-passphrase">
            {t('own.generated')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
