import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Table, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VIEW_CONFIGURATION, WORK_VIEW_PARTS, WORK_VIEW_ROLES, type Queue, type ViewConfiguration, type WorkViewPart, type WorkViewRole } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { SavedNote } from '../SavedNote';
import { useSavedFlag } from '../useSavedFlag';
import { withSwitch } from './view-configuration-form';

const PARTS = Object.keys(WORK_VIEW_PARTS) as WorkViewPart[];

/** One list's switches: a table per part (columns, filters, actions), a checkbox per role; saved together. */
export function ViewConfigurationForm({ queue }: { queue: Queue }) {
  const { t } = useTranslation('management');
  const client = useQueryClient();
  const { saved, markSaved } = useSavedFlag();
  const [config, setConfig] = useState<ViewConfiguration>(queue.view_configuration);
  const save = useMutation({
    // The whole configuration is sent: what the admin sees is what is stored.
    mutationFn: () => api.patch<Queue>(`/queues/${queue.id}`, { view_configuration: config }, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.queues.all });
      markSaved();
    },
  });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {/* One table under the other: three side by side did not fit the management's width at 1280 px. */}
      <SimpleGrid cols={1} spacing="md">
        {PARTS.map((part) => (
          <PartTable key={part} part={part} config={config} onChange={(role, name, shown) => setConfig((current) => withSwitch(current, role, part, name, shown))} />
        ))}
      </SimpleGrid>
      {save.isError && (
        <Alert color="red" role="alert" mt="md">
          {save.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt="md">
        <SavedNote saved={saved} />
        <Button variant="default" onClick={() => setConfig(DEFAULT_VIEW_CONFIGURATION)}>
          {t('viewConfiguration.showAll')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('viewConfiguration.save')}
        </Button>
      </Group>
    </form>
  );
}

interface PartTableProps {
  part: WorkViewPart;
  config: ViewConfiguration;
  onChange: (role: WorkViewRole, name: string, shown: boolean) => void;
}

function PartTable({ part, config, onChange }: PartTableProps) {
  const { t } = useTranslation('management');
  const titleId = `view-configuration-${part}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-part={part}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t(`viewConfiguration.parts.${part}`)}
      </Title>
      <Table aria-labelledby={titleId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('viewConfiguration.item')}</Table.Th>
            {WORK_VIEW_ROLES.map((role) => (
              <Table.Th key={role} scope="col" ta="center">
                {t(`viewConfiguration.roles.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {WORK_VIEW_PARTS[part].map((name) => {
            const item = t(`viewConfiguration.${part}.${name}`);
            return (
              <Table.Tr key={name}>
                <Table.Th scope="row" fw={400}>
                  {item}
                </Table.Th>
                {WORK_VIEW_ROLES.map((role) => (
                  <Table.Td key={role}>
                    <Group justify="center">
                      <Checkbox
                        aria-label={t('viewConfiguration.show', { item, role: t(`viewConfiguration.roles.${role}`) })}
                        checked={(config[role][part] as Record<string, boolean>)[name] ?? true}
                        onChange={(event) => onChange(role, name, event.currentTarget.checked)}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
