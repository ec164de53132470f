import { Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMBED_FLAGS } from '../patient/embed/embed-flags';
import { CopyButton } from './CopyButton';
import { embedSnippet, NO_EMBED_FLAGS, type EmbedFlagChoice } from './links';
import { RolloutSection } from './RolloutSection';

/** The iframe snippet for the practice's website; each flag ticked is written as `flag=true`. */
export function EmbedSection({ embed, title, fragment = '' }: { embed: string; title: string; fragment?: string }) {
  const { t } = useTranslation('rollout');
  const [flags, setFlags] = useState<EmbedFlagChoice>(NO_EMBED_FLAGS);
  const snippet = embedSnippet(embed, flags, title, fragment);
  const headingId = useId();
  return (
    <RolloutSection id={headingId} title={t('embed.title')} hint={t('embed.hint')}>
      <Checkbox.Group
        label={t('embed.options')}
        value={EMBED_FLAGS.filter((flag) => flags[flag])}
        onChange={(checked) => setFlags(Object.fromEntries(EMBED_FLAGS.map((flag) => [flag, checked.includes(flag)])) as EmbedFlagChoice)}
      >
        <Group gap="md" mt="xs">
          {EMBED_FLAGS.map((flag) => (
            <Checkbox key={flag} value={flag} label={t(`embed.flags.${flag}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Stack gap="xs" align="flex-start">
        <Textarea
          label={t('embed.snippet')}
          value={snippet}
          readOnly
          autosize
          minRows={2}
          w="100%"
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <CopyButton text={snippet} what={t('embed.snippet')} />
      </Stack>
    </RolloutSection>
  );
}
