import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../ui/FormAlert';
import { QueueChoice } from './QueueChoice';
import { ScheduleWeek } from './ScheduleWeek';

/**
 * The weekly schedule of one waiting list: the list is chosen above (kept in the URL as
 * `&queue=<id>`, or the path of `/backend/management/:queueId/schedule`, so a reload or a link
 * shows the same list), its week below.
 */
export function ScheduleTab() {
  const { t } = useTranslation('management');
  return (
    <QueueChoice section="schedule" label={t('schedule.queue')}>
      {({ queue, profile, picker }) => (
        <Stack gap="md">
          <Group align="flex-end" gap="lg">
            {picker}
          </Group>
          {profile && (
            <FormAlert tone="info">
              {t('schedule.timeZoneNote', { location: profile.name, timeZone: profile.time_zone })} {t('schedule.holidayNote')}
            </FormAlert>
          )}
          <ScheduleWeek key={queue.id} queue={queue} />
        </Stack>
      )}
    </QueueChoice>
  );
}
