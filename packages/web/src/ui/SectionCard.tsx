import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A panel of a settings, billing or report page: a section named by its h2 heading, its content
 * stacked below. Lighter than TitledCard, as several stand on one page.
 */
export function SectionCard({ id, title, titleSize = 'h4', children }: { id: string; title: string; titleSize?: 'h3' | 'h4'; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size={titleSize} id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
