import { Container, Stack, Title, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageProps {
  /** The page's one h1. */
  title: ReactNode;
  children: ReactNode;
  size?: ContainerProps['size'];
}

/** The standard frame of a page's content: one h1, then the content, spaced evenly. */
export function Page({ title, children, size = 'md' }: PageProps) {
  return (
    <Container size={size} py="xl" w="100%">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
