import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormCard } from '../../ui/FormCard';

/** One card of the rollout center, named by its heading for screen readers' landmarks. */
export function RolloutSection({ id, title, hint, children }: { id: string; title: string; hint: string; children: ReactNode }) {
  return (
    <FormCard labelledBy={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </FormCard>
  );
}
