import { Tabs } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { BillingPanel } from '../billing/BillingPanel';

/** The areas of the management, in their order; each is a tab (`?tab=<value>`, title `tabs.<value>`). */
const TABS: { value: string; Component: ComponentType }[] = [
  { value: 'lists', Component: ListsTab },
  { value: 'general', Component: GeneralTab },
  { value: 'schedule', Component: ScheduleTab },
  { value: 'processors', Component: ProcessorsTab },
  { value: 'infotags', Component: InfoTagsTab },
  { value: 'monitors', Component: MonitorsTab },
  { value: 'probing', Component: ProbingTab },
  { value: 'appointmentTypes', Component: AppointmentTypesTab },
  { value: 'slots', Component: SlotsTab },
  { value: 'vacations', Component: VacationsTab },
  { value: 'import', Component: ImportTab },
  { value: 'billing', Component: BillingPanel },
];

/**
 * `/backend/management` (admins): the practice's setup, one tab per area (`?tab=`, so a link or
 * a reload keeps it). Queue-bound pages sit under `/backend/management/:queueId/…` (rollout).
 */
export function ManagementPage() {
  const { t } = useTranslation('management');
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((entry) => entry.value === params.get('tab')) ? params.get('tab')! : TABS[0]!.value;
  return (
    <Page title={t('title')} size="xl">
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false}>
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
