import { Accordion, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatEuro, PRICES } from '@wartefrei/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../ui/Page';
import { offersOf, useSystemInformation } from '../../lib/system-information';

const PATIENT_QUESTIONS = ['needs', 'estimate', 'cancel', 'languages', 'closed'] as const;
const PRACTICE_QUESTIONS = ['privacy', 'calling', 'hardware', 'embed'] as const;
/** Only where this server sells subscriptions (Stripe): a self-hosted one has no trial to explain. */
const PAYMENT_QUESTIONS = ['trial', 'cancellation'] as const;

/**
 * Questions and answers for patients and practices, one accordion per audience. The trial, the
 * prices and the demo are mentioned only where this server has them (issue 40 §9, §10).
 */
export function FaqPage() {
  const { t } = useTranslation('faq');
  const offers = offersOf(useSystemInformation().data);
  // Values some answers quote, from the price list rather than typed into the catalogue.
  const values = { days: PRICES.trialDays, price: formatEuro(PRICES.kioskCents) };

  return (
    <Page title={t('title')}>
      <Text size="lg">{t('intro')}</Text>
      <FaqSection id="patients" questions={PATIENT_QUESTIONS} values={values} />
      <FaqSection id="practices" questions={offers.payment ? [...PRACTICE_QUESTIONS, ...PAYMENT_QUESTIONS] : PRACTICE_QUESTIONS} values={values} />
      {(offers.demo || offers.payment) && (
        <section aria-labelledby="faq-more">
          <Stack gap="xs">
            <Title order={2} id="faq-more">
              {t('more.title')}
            </Title>
            <Text>{t(offers.demo && offers.payment ? 'more.text' : offers.demo ? 'more.textDemo' : 'more.textPricing')}</Text>
            <Group gap="lg">
              {offers.demo && (
                <Anchor component={Link} to="/demo" fw={600}>
                  {t('more.demo')}
                </Anchor>
              )}
              {offers.payment && (
                <Anchor component={Link} to="/pricing" fw={600}>
                  {t('more.pricing')}
                </Anchor>
              )}
            </Group>
          </Stack>
        </section>
      )}
    </Page>
  );
}

interface FaqSectionProps {
  id: 'patients' | 'practices';
  questions: readonly string[];
  values: Record<string, string | number>;
}

function FaqSection({ id, questions, values }: FaqSectionProps) {
  const { t } = useTranslation('faq');
  const headingId = `faq-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} mb="sm">
        {t(`${id}.title`)}
      </Title>
      {/* order={3}: each question is an h3 wrapping its toggle button. */}
      <Accordion variant="separated" order={3} multiple>
        {questions.map((key) => (
          <Accordion.Item key={key} value={key}>
            <Accordion.Control>{t(`${id}.${key}.q`)}</Accordion.Control>
            <Accordion.Panel>
              <Text>{t(`${id}.${key}.a`, values)}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}
