import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconClick,
  IconClockHour4,
  IconDeviceMobile,
  IconDeviceTablet,
  IconDeviceTv,
  IconLanguage,
  IconQrcode,
  type Icon,
} from '@tabler/icons-react';
import { PRICES } from '@wartefrei/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './LandingPage.module.css';

interface Feature {
  key: string;
  icon: Icon;
}

const PRACTICE_FEATURES: Feature[] = [
  { key: 'callNext', icon: IconClick },
  { key: 'monitor', icon: IconDeviceTv },
  { key: 'kiosk', icon: IconDeviceTablet },
];

const PATIENT_FEATURES: Feature[] = [
  { key: 'ticket', icon: IconQrcode },
  { key: 'position', icon: IconClockHour4 },
  { key: 'noApp', icon: IconDeviceMobile },
  { key: 'languages', icon: IconLanguage },
];

const STEPS = ['draw', 'wait', 'call'] as const;

/** What wartefrei does for practices and patients, with the way into the trial and the demo. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const days = PRICES.trialDays;

  return (
    <>
      <section className={classes.hero} aria-labelledby="landing-title">
        <Container size="lg" py={{ base: 'xl', sm: 64 }}>
          <Stack gap="lg" maw={720}>
            <Title order={1} id="landing-title" fz={{ base: '1.85rem', sm: '2.6rem' }} lh={1.15}>
              {t('hero.title')}
            </Title>
            <Text size="lg">{t('hero.lead')}</Text>
            <Group gap="sm">
              <Button component={Link} to="/signup" size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
                {t('hero.signup', { days })}
              </Button>
              <Button component={Link} to="/demo" size="md" variant="outline">
                {t('hero.demo')}
              </Button>
            </Group>
            <Text size="sm">{t('hero.signupNote')}</Text>
          </Stack>
        </Container>
      </section>

      <Container size="lg" py="xl">
        <Stack gap={48}>
          <FeatureSection id="practices" features={PRACTICE_FEATURES} columns={3} />
          <FeatureSection id="patients" features={PATIENT_FEATURES} columns={4} />

          <section aria-labelledby="landing-steps">
            <Title order={2} id="landing-steps" mb="md">
              {t('steps.title')}
            </Title>
            <SimpleGrid component="ol" cols={{ base: 1, sm: 3 }} className={classes.steps}>
              {STEPS.map((step, index) => (
                <Card component="li" key={step} withBorder padding="lg">
                  <Group gap="sm" wrap="nowrap" mb="xs">
                    <ThemeIcon radius="xl" size="lg" aria-hidden>
                      {index + 1}
                    </ThemeIcon>
                    <Title order={3} size="h4">
                      {t(`steps.${step}.title`)}
                    </Title>
                  </Group>
                  <Text>{t(`steps.${step}.text`)}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>

      <section className={classes.closing} aria-labelledby="landing-closing">
        <Container size="lg" py="xl">
          <Stack gap="md" maw={720}>
            <Title order={2} id="landing-closing">
              {t('closing.title')}
            </Title>
            <Text>{t('closing.text', { days })}</Text>
            <Group gap="sm">
              <Button component={Link} to="/signup">
                {t('hero.signup', { days })}
              </Button>
              <Button component={Link} to="/demo" variant="outline">
                {t('hero.demo')}
              </Button>
            </Group>
            <Anchor component={Link} to="/pricing" fw={600}>
              {t('closing.pricing')}
            </Anchor>
          </Stack>
        </Container>
      </section>
    </>
  );
}

interface FeatureSectionProps {
  id: 'practices' | 'patients';
  features: Feature[];
  /** Cards per row on wide screens. */
  columns: number;
}

function FeatureSection({ id, features, columns }: FeatureSectionProps) {
  const { t } = useTranslation('landing');
  const headingId = `landing-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {t(`${id}.title`)}
      </Title>
      <Text mt="xs" mb="lg">
        {t(`${id}.intro`)}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
        {features.map(({ key, icon: FeatureIcon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon variant="light" size="xl" radius="md" mb="sm" aria-hidden>
              <FeatureIcon size={26} stroke={1.6} />
            </ThemeIcon>
            <Title order={3} size="h4" mb={6}>
              {t(`${id}.${key}.title`)}
            </Title>
            <Text>{t(`${id}.${key}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
