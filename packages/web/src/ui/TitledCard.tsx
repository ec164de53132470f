import { Stack, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormCard } from './FormCard';

/** A settings card of the staff screens: a section named by its h2 heading, its content stacked below. */
export function TitledCard({ id, title, gap, children }: { id: string; title: string; gap: MantineSpacing; children: ReactNode }) {
  return (
    <FormCard labelledBy={id}>
      <Stack gap={gap}>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </FormCard>
  );
}
