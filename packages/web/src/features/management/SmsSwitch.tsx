import { Checkbox, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemInformation } from '../../lib/system-information';

/** Whether this server sends SMS (`SMS_URL`); undefined while the answer is on its way. */
export function useSmsEnabled(): boolean | undefined {
  return useSystemInformation().data?.sms_enabled;
}

interface SmsSwitchProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** From useSmsEnabled: false disables the switch and says why. */
  smsEnabled: boolean | undefined;
}

/**
 * A list's "SMS allowed" switch. On a server without SMS_URL no SMS would ever leave, so the
 * switch is disabled, shown off, and says why; the stored choice is kept for when SMS is set up.
 */
export function SmsSwitch({ label, checked, onChange, error, smsEnabled }: SmsSwitchProps) {
  const { t } = useTranslation('management');
  const unavailable = smsEnabled === false;
  const reasonId = useId();
  return (
    <Stack gap={4}>
      <Checkbox
        label={label}
        name="may_activate_sms_notifications"
        checked={checked && !unavailable}
        disabled={unavailable}
        // The reason is read out with the switch, not only seen beside it.
        aria-describedby={unavailable ? reasonId : undefined}
        onChange={(e) => onChange(e.currentTarget.checked)}
        error={error}
      />
      {unavailable && (
        <Text id={reasonId} size="sm">
          {t('lists.queue.hints.smsUnavailable')}
        </Text>
      )}
    </Stack>
  );
}
