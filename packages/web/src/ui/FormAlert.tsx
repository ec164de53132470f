import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

const TONES = {
  error: { color: 'red', Icon: IconAlertCircle, role: 'alert' },
  success: { color: 'green', Icon: IconCircleCheck, role: 'status' },
  info: { color: 'blue', Icon: IconInfoCircle, role: 'note' },
} as const;

/** A message inside a form or page: error (announced at once), success or info. */
export function FormAlert({ tone, ...props }: Omit<AlertProps, 'color' | 'variant'> & { tone: keyof typeof TONES }) {
  const { color, Icon, role } = TONES[tone];
  return <Alert color={color} variant="light" icon={<Icon aria-hidden />} role={role} {...props} />;
}
