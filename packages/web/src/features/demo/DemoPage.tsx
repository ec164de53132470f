import { Alert, Anchor, Button, Card, Code, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLogin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSystemInformation } from '../../lib/system-information';
import { Page } from '../../ui/Page';
import classes from './DemoPage.module.css';

// The practice the server seeds with SEED_DEMO (packages/server/src/modules/demo/seed-demo.ts).
const DEMO = {
  practice: 'Praxis Dr. Demo',
  location: 'Ordination Wien',
  password: 'wartefrei-demo',
  admin: 'admin@praxis-demo.example',
  processor: 'assistenz@praxis-demo.example',
} as const;

const LINKS = {
  general: '/praxis-demo/wien/allgemein',
  lab: '/praxis-demo/wien/labor',
  monitor: '/praxis-demo/wien/allgemein/monitor',
  masterMonitor: '/praxis-demo/monitor',
  kiosk: '/praxis-demo/wien/kiosk',
} as const;

/** Explains the demo practice and links to its patient screens, monitors, kiosk and staff login. */
export function DemoPage() {
  const { t } = useTranslation('demo');
  const info = useSystemInformation();

  // A server without the demo (SEED_DEMO off, e.g. in production) says so instead of dead links.
  if (!info.data) return <Page title={t('title')}>{info.isError ? <Text>{t('unavailable')}</Text> : <Loader aria-label={t('loading')} />}</Page>;
  if (!info.data.demo_available) {
    return (
      <Page title={t('title')}>
        <Text>{t('unavailable')}</Text>
        <Anchor component={Link} to="/">
          {t('toLanding')}
        </Anchor>
      </Page>
    );
  }

  return (
    <Page title={t('title')}>
      <Text size="lg">{t('intro', { practice: DEMO.practice, location: DEMO.location })}</Text>
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
        {t('publicNotice')} {t('readOnlyNotice')}
      </Alert>

      <DemoSection id="patient" title={t('patient.title')} text={t('patient.text')}>
        <DemoLink to={LINKS.general} label={t('patient.general')} />
        <DemoLink to={LINKS.lab} label={t('patient.lab')} />
      </DemoSection>

      <DemoSection id="waiting-room" title={t('waitingRoom.title')} text={t('waitingRoom.text')}>
        <DemoLink to={LINKS.monitor} label={t('waitingRoom.monitor')} />
        <DemoLink to={LINKS.masterMonitor} label={t('waitingRoom.masterMonitor')} />
      </DemoSection>

      <DemoSection id="reception" title={t('reception.title')} text={t('reception.text')}>
        <DemoLink to={LINKS.kiosk} label={t('reception.kiosk')} />
      </DemoSection>

      <DemoSection id="staff" title={t('staff.title')} text={t('staff.text')}>
        <LoginCard title={t('staff.admin')} text={t('staff.adminText')} username={DEMO.admin} />
        <LoginCard title={t('staff.processor')} text={t('staff.processorText')} username={DEMO.processor} />
      </DemoSection>
      <div>
        <Button component={Link} to="/login" leftSection={<IconLogin size={18} aria-hidden />}>
          {t('staff.login')}
        </Button>
      </div>
    </Page>
  );
}

function DemoSection({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  const headingId = `demo-${id}`;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        <Text>{text}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
      </Stack>
    </section>
  );
}

function DemoLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation('demo');
  return (
    <Card withBorder padding="md">
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
      <Text size="sm" mt={4} className={classes.path}>
        {t('address', { path: `${window.location.origin}${to}` })}
      </Text>
    </Card>
  );
}

function LoginCard({ title, text, username }: { title: string; text: string; username: string }) {
  const { t } = useTranslation('demo');
  return (
    <Card withBorder padding="md">
      <Title order={3} size="h4" mb={4}>
        {title}
      </Title>
      <Text mb="sm">{text}</Text>
      <Table className={classes.credentials} withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" pr="sm" fw={600}>
              {t('staff.email')}
            </Table.Th>
            <Table.Td>
              <Code>{username}</Code>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" pr="sm" fw={600}>
              {t('staff.password')}
            </Table.Th>
            <Table.Td>
              <Code>{DEMO.password}</Code>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Card>
  );
}
