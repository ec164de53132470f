import { Accordion, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatEuro, PRICES } from '@wartefrei/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../ui/Page';

const PATIENT_QUESTIONS = ['needs', 'estimate', 'cancel', 'languages', 'closed'] as const;
const PRACTICE_QUESTIONS = ['privacy', 'calling', 'hardware', 'embed', 'trial', 'cancellation'] as const;

/** Questions and answers for patients and practices, one accordion per audience. */
export function FaqPage() {
  const { t } = useTranslation('faq');
  // Values some answers quote, from the price list rather than typed into the catalogue.
  const values = { days: PRICES.trialDays, price: formatEuro(PRICES.kioskCents) };

  return (
    <Page title={t('title')}>
      <Text size="lg">{t('intro')}</Text>
      <FaqSection id="patients" questions={PATIENT_QUESTIONS} values={values} />
      <FaqSection id="practices" questions={PRACTICE_QUESTIONS} values={values} />
      <section aria-labelledby="faq-more">
        <Stack gap="xs">
          <Title order={2} id="faq-more">
            {t('more.title')}
          </Title>
          <Text>{t('more.text')}</Text>
          <Group gap="lg">
            <Anchor component={Link} to="/demo" fw={600}>
              {t('more.demo')}
            </Anchor>
            <Anchor component={Link} to="/pricing" fw={600}>
              {t('more.pricing')}
            </Anchor>
          </Group>
        </Stack>
      </section>
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
