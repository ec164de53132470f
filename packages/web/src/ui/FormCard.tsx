import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The bordered card a form sits in; a section named by its heading when `labelledBy` is given. */
export function FormCard({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) {
  return labelledBy ? (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" component="section" aria-labelledby={labelledBy}>
      {children}
    </Paper>
  ) : (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      {children}
    </Paper>
  );
}
