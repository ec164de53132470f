import { Button } from '@mantine/core';
import { DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Queue } from '@wartefrei/shared';
import { queryKeys } from '../../lib/query-keys';
import { notifyDone } from '../processor/notify';
import { fetchProfiles, fetchQueueProcessors, fetchTypes } from './appointments.api';
import { BookAppointmentModal } from './BookAppointmentModal';
import { nowIn } from './calendar-layout';
import { columnsOf } from './useCalendarData';

/**
 * "Schnelltermin" in the work view: the staff booking dialog for this list, set to today, the
 * next five minutes and the caller when they serve it — a patient at the desk or on the phone
 * gets a time without leaving the list. No button where the list has no appointment type.
 */
export function QuickAppointment({ queue, userId, onBooked }: { queue: Queue; userId: string; onBooked: () => void }) {
  const { t } = useTranslation('processor');
  const client = useQueryClient();
  const [start, setStart] = useState<{ date: string; minutes: number; processorId?: string }>();
  const types = useQuery({ queryKey: queryKeys.appointmentTypes.all, queryFn: fetchTypes });
  const assigned = useQuery({ queryKey: queryKeys.queueProcessors.ofQueue(queue.id), queryFn: () => fetchQueueProcessors(queue.id) });
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: fetchProfiles });
  const ofList = (types.data ?? []).filter((type) => type.queue_id === queue.id);
  if (ofList.length === 0) return null;
  const processors = columnsOf([queue.id], [assigned.data ?? []]);
  const timeZone = profiles.data?.find((profile) => profile.id === queue.profile_id)?.time_zone ?? DEFAULT_TIME_ZONE;

  const open = () => {
    const now = nowIn(new Date(), timeZone);
    const minutes = Math.min(Math.ceil((now.minutes + 5) / 5) * 5, 23 * 60 + 55);
    setStart({ date: now.date, minutes, ...(processors.some((p) => p.id === userId) ? { processorId: userId } : {}) });
  };
  return (
    <>
      <Button variant="default" leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={open}>
        {t('appointments.quick')}
      </Button>
      {start && (
        <BookAppointmentModal
          start={start}
          types={ofList}
          processors={processors}
          timeZone={timeZone}
          onClose={() => setStart(undefined)}
          onBooked={async (message) => {
            setStart(undefined);
            await client.invalidateQueries({ queryKey: queryKeys.appointments.all });
            notifyDone(message);
            onBooked();
          }}
        />
      )}
    </>
  );
}
