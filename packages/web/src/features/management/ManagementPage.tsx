import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../ui/Page';
import { ListsTab } from './ListsTab';
import { ProcessorsTab } from './ProcessorsTab';

const TABS = ['lists', 'processors'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/backend/management` (admins): the practice's setup, one tab per area (`?tab=`, so a link or
 * a reload keeps it). Queue-bound pages sit under `/backend/management/:queueId/…` (rollout).
 */
export function ManagementPage() {
  const { t } = useTranslation('management');
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'lists';
  return (
    <Page title={t('title')} size="xl">
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="lists" pt="lg">
          <ListsTab />
        </Tabs.Panel>
        <Tabs.Panel value="processors" pt="lg">
          <ProcessorsTab />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
