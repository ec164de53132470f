import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import { FormAlert } from '../../ui/FormAlert';
import { QrImage } from '../../ui/QrImage';
import { CopyButton } from './CopyButton';
import { isWebAddress } from './links';
import type { PosterContent } from './poster';
import { RolloutSection } from './RolloutSection';

const TEXT_MAX = 200;
const URL_MAX = 500;

interface QrSectionProps {
  publicLink: string;
  title: string;
  fileSlug: string;
  /** The practice's logo and where the list's ticket logo position puts it on the poster. */
  logo?: { url: string; placement: 'TOP' | 'BOTTOM' } | undefined;
}

/** The QR code with its texts, an optional own address, and the printable A4 poster. */
export function QrSection({ publicLink, title, fileSlug, logo }: QrSectionProps) {
  const { t } = useTranslation('rollout');
  const headingId = useId();
  const [upper, setUpper] = useState(() => t('qr.upperDefault'));
  const [lower, setLower] = useState(() => t('qr.lowerDefault'));
  const [customUrl, setCustomUrl] = useState('');
  const custom = customUrl.trim();
  const customInvalid = custom !== '' && !isWebAddress(custom);
  // While the own address is incomplete the code keeps pointing at the public link.
  const target = custom && !customInvalid ? custom : publicLink;

  const poster = useMutation({
    // pdf-lib is most of this screen's weight: fetched only when a poster is asked for.
    mutationFn: async (content: PosterContent) => {
      const [{ buildPoster }, { logoAsPng }] = await Promise.all([import('./poster'), import('./poster-logo')]);
      return buildPoster(logo ? { ...content, logo: { png: await logoAsPng(logo.url), placement: logo.placement } } : content);
    },
    onSuccess: (bytes) => saveBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), t('qr.fileName', { queue: fileSlug })),
  });

  return (
    <RolloutSection id={headingId} title={t('qr.title')} hint={t('qr.hint')}>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 18rem' }}>
          <Textarea label={t('qr.upper')} value={upper} onChange={(e) => setUpper(e.currentTarget.value)} maxLength={TEXT_MAX} autosize minRows={1} />
          <Textarea label={t('qr.lower')} value={lower} onChange={(e) => setLower(e.currentTarget.value)} maxLength={TEXT_MAX} autosize minRows={2} />
          <TextInput
            label={t('qr.customUrl')}
            description={t('qr.customUrlHint')}
            value={customUrl}
            onChange={(e) => setCustomUrl(e.currentTarget.value)}
            error={customInvalid ? t('qr.customUrlInvalid') : undefined}
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={URL_MAX}
          />
        </Stack>
        <Stack gap="xs" align="center" style={{ flex: '0 1 auto' }}>
          {upper.trim() && (
            <Text fw={600} ta="center" maw={240}>
              {upper}
            </Text>
          )}
          <QrImage text={target} label={t('qr.imageLabel', { url: target })} />
          {lower.trim() && (
            <Text size="sm" ta="center" maw={240}>
              {lower}
            </Text>
          )}
        </Stack>
      </Group>
      <Text size="sm">
        {t('qr.encodes')}{' '}
        <Text span ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="qr-target">
          {target}
        </Text>
      </Text>
      {poster.isError && <FormAlert tone="error">{t('qr.downloadFailed', { detail: poster.error instanceof Error ? poster.error.message : String(poster.error) })}</FormAlert>}
      <Group gap="xs" wrap="wrap">
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={poster.isPending}
          disabled={customInvalid}
          onClick={() => poster.mutate({ title, upper, lower, url: target })}
        >
          {t('qr.download')}
        </Button>
        <CopyButton text={target} what={t('qr.target')} />
      </Group>
    </RolloutSection>
  );
}
