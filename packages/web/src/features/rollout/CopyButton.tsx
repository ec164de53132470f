import { Button, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCopy } from './useCopy';

/**
 * "Kopieren" for one link or snippet: the button turns into "Kopiert" for a moment and a screen
 * reader hears what was copied; a refused clipboard says how to copy by hand.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const { t } = useTranslation('rollout');
  const { state, copy } = useCopy();
  const copied = state === 'copied';
  return (
    <>
      <Button
        variant={copied ? 'outline' : 'default'}
        color={copied ? 'brand' : undefined}
        leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => void copy(text)}
        aria-label={t('copyLabel', { what })}
      >
        {copied ? t('copied') : t('copy')}
      </Button>
      <VisuallyHidden role="status">{copied ? t('copiedMessage', { what }) : ''}</VisuallyHidden>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert" w="100%">
          {t('copyFailed')}
        </Text>
      )}
    </>
  );
}
