import { Anchor, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Queue } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { GeneralTab } from './GeneralTab';
import { InfoTagsTab } from './InfoTagsTab';
import { ListsTab } from './ListsTab';
import { MonitorsTab } from './MonitorsTab';
import { ProcessorsTab } from './ProcessorsTab';
import { ScheduleTab } from './ScheduleTab';
import { AppointmentTypesTab } from './appointments/AppointmentTypesTab';
import { ImportTab } from './appointments/ImportTab';
import { SlotsTab } from './appointments/SlotsTab';
import { VacationsTab } from './appointments/VacationsTab';
import { ProbingTab } from './probing/ProbingTab';
import { ViewConfigurationTab } from './view-configuration/ViewConfigurationTab';
import { IntegrationsTab } from './integrations/IntegrationsTab';
import { BillingPanel } from '../billing/BillingPanel';
import { useQueue } from '../rollout/rollout.api';
import { FocusedQueueContext } from './focused-queue';
import { looksLikeQueueId, queueSectionPath, sectionOf, sectionOfTab, tabOfSection, type QueueSection } from './queue-sections';

/** The areas of the management, in their order; each is a tab (`?tab=<value>`, title `tabs.<value>`). */
const TABS: { value: string; Component: ComponentType }[] = [
  { value: 'lists', Component: ListsTab },
  { value: 'general', Component: GeneralTab },
  { value: 'schedule', Component: ScheduleTab },
  { value: 'processors', Component: ProcessorsTab },
  { value: 'viewConfiguration', Component: ViewConfigurationTab },
  { value: 'infotags', Component: InfoTagsTab },
  { value: 'monitors', Component: MonitorsTab },
  { value: 'probing', Component: ProbingTab },
  { value: 'appointmentTypes', Component: AppointmentTypesTab },
  { value: 'slots', Component: SlotsTab },
  { value: 'vacations', Component: VacationsTab },
  { value: 'import', Component: ImportTab },
  { value: 'integrations', Component: IntegrationsTab },
  { value: 'billing', Component: BillingPanel },
];
const isTab = (value: string | null | undefined): value is string => TABS.some((entry) => entry.value === value);

/**
 * `/backend/management` (admins): the practice's setup, one tab per area (`?tab=`, so a link or
 * a reload keeps it). `/backend/management/:queueId/:subMenu` opens one list's section in its
 * tab (queue-sections.ts); rollout and reporting of a list have routes of their own.
 */
export function ManagementPage() {
  const { queueId, subMenu } = useParams();
  if (queueId === undefined) return <ManagementTabs />;
  // A tab's name where a list id would stand (`/backend/management/monitors`) opens that tab.
  if (subMenu === undefined && isTab(queueId)) return <Navigate to={`/backend/management?tab=${queueId}`} replace />;
  const section = sectionOf(subMenu);
  if (!section || !looksLikeQueueId(queueId)) return <Navigate to="/404" replace />;
  return <QueueManagement queueId={queueId} section={section} />;
}

/** A deep link: the list is read first; an unknown id, or another practice's (the server answers 404), is not found. */
function QueueManagement({ queueId, section }: { queueId: string; section: QueueSection }) {
  const { t } = useTranslation(['management', 'common']);
  const queue = useQueue(queueId);
  if (queue.data) {
    return (
      <FocusedQueueContext.Provider value={queue.data}>
        <ManagementTabs focused={{ queue: queue.data, section }} />
      </FocusedQueueContext.Provider>
    );
  }
  if (queue.isError && queue.error instanceof ApiRequestError && (queue.error.status === 404 || queue.error.status === 400)) {
    return <Navigate to="/404" replace />;
  }
  return (
    <Page title={t('title')} size="xl">
      {queue.isError ? (
        <FormAlert tone="error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('loadFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => void queue.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </FormAlert>
      ) : (
        <Loader aria-label={t('loading')} />
      )}
    </Page>
  );
}

function ManagementTabs({ focused }: { focused?: { queue: Queue; section: QueueSection } }) {
  const { t } = useTranslation('management');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = focused ? tabOfSection(focused.section) : isTab(params.get('tab')) ? params.get('tab')! : TABS[0]!.value;
  const change = (value: string | null) => {
    if (!value) return;
    if (!focused) return setParams({ tab: value }, { replace: true });
    // A list's own sections keep the list in the path; the practice-wide tabs leave it.
    const section = sectionOfTab(value);
    void navigate(section ? queueSectionPath(focused.queue.id, section) : `/backend/management?tab=${value}`, { replace: true });
  };
  return (
    <Page title={t('title')} size="xl">
      {focused && (
        <Group gap="md" data-testid="focused-queue">
          <Text fw={600}>{t('queueSections.focused', { name: focused.queue.name })}</Text>
          <Anchor component={Link} to={`/backend/management?tab=${tab}`}>
            {t('queueSections.allLists')}
          </Anchor>
        </Group>
      )}
      <Tabs value={tab} onChange={change} keepMounted={false}>
        <Tabs.List>
          {TABS.map(({ value }) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Component }) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <Component />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Page>
  );
}
