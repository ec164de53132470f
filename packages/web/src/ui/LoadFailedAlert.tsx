import { Alert, Button, Group, Text } from '@mantine/core';

/** What a screen or card shows when its data did not load: the reason and a retry. */
export function LoadFailedAlert({ message, retryLabel, onRetry, size }: { message: string; retryLabel: string; onRetry: () => void; size?: 'sm' }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between">
        <Text size={size}>{message}</Text>
        <Button variant="default" size="xs" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Group>
    </Alert>
  );
}
