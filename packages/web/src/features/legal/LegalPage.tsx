import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LegalInformation } from '@wartefrei/shared';
import { Page } from '../../ui/Page';
import { useLegalInformation } from './legal.api';

type Kind = 'privacy' | 'terms';
interface Section {
  title: string;
  paragraphs: string[];
}

/** The operator as the texts name them: from the configuration, or a pointer to the legal notice. */
function operatorText(legal: LegalInformation, unknown: string): string {
  const o = legal.operator;
  return o ? [o.name, ...o.address_lines, o.mail].join(', ') : unknown;
}

/** The privacy notice (`/datenschutz`, `/privacy`) or the terms (`/agb`, `/terms`): texts of the catalogue, facts of this server. */
function LegalText({ kind }: { kind: Kind }) {
  const { t } = useTranslation('legal');
  const legal = useLegalInformation();
  if (legal.isPending) return <Loader aria-label={t('loading')} />;
  if (legal.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const info = legal.data;
  const recipients = [
    info.mail_configured && t('privacy.recipientMail'),
    info.sms_configured && t('privacy.recipientSms'),
    info.payments_configured && t('privacy.recipientPayments'),
  ]
    .filter(Boolean)
    .join(' ');
  const values = {
    operator: operatorText(info, t('operatorUnknown')),
    retention: info.retention_days_default,
    audit: info.audit_keep_days,
    recipients: recipients || t('privacy.recipientsNone'),
  };
  const sections = t(`${kind}.sections`, { returnObjects: true, ...values }) as Section[];
  return (
    <Page title={t(`${kind}.title`)}>
      <Text>{t(`${kind}.intro`)}</Text>
      {sections.map((section) => (
        <Stack key={section.title} gap="xs" component="section">
          <Title order={2} size="h3">
            {section.title}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
    </Page>
  );
}

export function PrivacyPage() {
  return <LegalText kind="privacy" />;
}

export function TermsPage() {
  return <LegalText kind="terms" />;
}

/** The legal notice (`/impressum`, `/legal-notice`): the operator's configuration, or that it is missing. */
export function ImprintPage() {
  const { t } = useTranslation('legal');
  const legal = useLegalInformation();
  const operator = legal.data?.operator;
  return (
    <Page title={t('imprint.title')}>
      <Text>{t('imprint.intro')}</Text>
      {legal.isPending && <Loader aria-label={t('loading')} />}
      {legal.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {legal.data && !operator && <Alert color="yellow">{t('imprint.missing')}</Alert>}
      {operator && (
        <Stack gap={4} component="address" style={{ fontStyle: 'normal' }}>
          <Text fw={700}>{operator.name}</Text>
          {operator.address_lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          <Text>
            {t('imprint.mail')}: <Anchor href={`mailto:${operator.mail}`}>{operator.mail}</Anchor>
          </Text>
          {operator.phone && (
            <Text>
              {t('imprint.phone')}: {operator.phone}
            </Text>
          )}
          {operator.representative && (
            <Text>
              {t('imprint.representative')}: {operator.representative}
            </Text>
          )}
          {operator.register && (
            <Text>
              {t('imprint.register')}: {operator.register}
            </Text>
          )}
          {operator.vat_id && (
            <Text>
              {t('imprint.vatId')}: {operator.vat_id}
            </Text>
          )}
        </Stack>
      )}
    </Page>
  );
}
