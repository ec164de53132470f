import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AppointmentType, Queue } from '@wartefrei/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiRequestError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useAccount } from '../../lib/account';
import { FormAlert } from '../../ui/FormAlert';
import { EmbedSection } from './EmbedSection';
import { LinkField } from './LinkField';
import { QrImage } from '../../ui/QrImage';
import { QrSection } from './QrSection';
import { useQueueLinks } from './rollout.api';
import type { PracticeKeyVerdict } from '../encryption/practice-key';
import { RolloutSection } from './RolloutSection';

/**
 * Everything that brings patients to one queue: its public, kiosk and monitor links, the embed
 * snippet, the QR code and the printable poster. One tab of the management screen.
 */
export function RolloutCenter({ queue }: { queue: Queue }) {
  const { t } = useTranslation(['rollout', 'common', 'auth']);
  const state = useQueueLinks(queue);
  const logoUrl = useAccount().data?.logo_url;
  const ids = { public: useId(), book: useId(), kiosk: useId(), monitor: useId() };
  const types = useQuery({ queryKey: queryKeys.appointmentTypes.all, queryFn: () => api.get<AppointmentType[]>('/appointment-types') });
  const bookable = (types.data ?? []).some((type) => type.queue_id === queue.id && type.bookable_online);

  if (state.status === 'loading') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('loading')}</Text>
      </Group>
    );
  }
  if (state.status === 'error') {
    const { error } = state;
    const detail = error instanceof ApiRequestError && error.network ? t('auth:login.offline') : error instanceof Error ? error.message : String(error);
    return (
      <FormAlert tone="error" title={t('common:errors.title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loadFailed', { detail })}</Text>
          <Button size="xs" variant="default" onClick={state.retry}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </FormAlert>
    );
  }

  const { links, keyVerdict } = state;
  return (
    <Stack gap="lg">
      <Text>{t('intro')}</Text>
      <KeyTagNote verdict={keyVerdict} />
      <RolloutSection id={ids.public} title={t('public.title')} hint={t('public.hint')}>
        <LinkField label={t('public.link')} url={links.public} />
        <LinkField label={t('public.short')} url={links.short} />
      </RolloutSection>
      <QrSection
        publicLink={links.public}
        title={queue.name}
        fileSlug={queue.identifier}
        logo={logoUrl && queue.logo_placement_ticket !== 'NONE' ? { url: logoUrl, placement: queue.logo_placement_ticket } : undefined}
      />
      <RolloutSection id={ids.book} title={t('book.title')} hint={t('book.hint')}>
        {bookable ? (
          <>
            <LinkField label={t('book.link')} url={links.book} />
            <QrImage text={links.book} label={t('book.qr')} />
          </>
        ) : (
          <Text size="sm">{t('book.none')}</Text>
        )}
      </RolloutSection>
      <RolloutSection id={ids.kiosk} title={t('kiosk.title')} hint={t('kiosk.hint')}>
        <LinkField label={t('kiosk.link')} url={links.kiosk} />
        <LinkField label={t('kiosk.sunmi')} url={links.sunmiKiosk} />
      </RolloutSection>
      <RolloutSection id={ids.monitor} title={t('monitor.title')} hint={t('monitor.hint')}>
        <LinkField label={t('monitor.layout1')} url={links.monitor} />
        <LinkField label={t('monitor.layout2')} url={links.monitor2} />
        <LinkField label={t('monitor.layout3')} url={links.monitor3} />
      </RolloutSection>
      <EmbedSection embed={links.embed} title={queue.name} fragment={links.fragment} />
    </Stack>
  );
}

/**
 * While the practice encrypts: whether these links carry the practice key's fingerprint (`#k=`),
 * with which the patient pages refuse a key that is not the practice's — and why not, if not.
 */
function KeyTagNote({ verdict }: { verdict: PracticeKeyVerdict }) {
  const { t } = useTranslation('rollout');
  // Off (or claimed off while this device holds a pin: the banner above warns), nothing to fingerprint.
  if (verdict.kind === 'off' || verdict.kind === 'offButPinned') return null;
  if (verdict.kind === 'trusted')
    return (
      <Text size="sm" data-testid="key-tag-note">
        {t('keyTag.included', { tag: verdict.tag })}
      </Text>
    );
  return (
    <FormAlert tone={verdict.kind === 'unverified' ? 'info' : 'error'}>
      <Text size="sm" data-testid="key-tag-note">
        {t(`keyTag.${verdict.kind}`)}
      </Text>
    </FormAlert>
  );
}
