import { Badge, Button, Group, Loader, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isCalendarDate, DEFAULT_TIME_ZONE } from '@wartefrei/shared';
import { ApiRequestError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { FormAlert } from '../../ui/FormAlert';
import { Page } from '../../ui/Page';
import { notifyDone } from '../processor/notify';
import { useShortcuts } from '../processor/useShortcuts';
import { AppointmentDialog } from './AppointmentDialog';
import { fetchAppointmentDay, updateAppointment } from './appointments.api';
import { BookAppointmentModal, type BookingStart } from './BookAppointmentModal';
import { CalendarGrid, type GridChange } from './CalendarGrid';
import { CalendarToolbar } from './CalendarToolbar';
import { daysOf, nowIn, snap, stepDate, zonedStart, type CalendarView } from './calendar-layout';
import { useCalendarData } from './useCalendarData';

/** The minute the "now" line and "today" follow; once a minute is enough for a line. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The staff calendar `/backend/appointments?date=&view=day|week` (and `/{id}` with the
 * appointment open): a column per processor of the caller's lists, working time shaded,
 * absences, the now line; click free time to book, drag to move, stretch at the lower edge.
 */
export function CalendarPage() {
  const { t } = useTranslation(['appointments', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { appointmentId } = useParams();
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const [zone, setZone] = useState(DEFAULT_TIME_ZONE);
  const today = nowIn(now, zone);
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'day';
  const asked = params.get('date');
  const date = asked && isCalendarDate(asked) ? asked : today.date;
  const days = daysOf(view, date);
  const data = useCalendarData(days[0]!, days.at(-1)!);
  useEffect(() => setZone(data.timeZone), [data.timeZone]);
  const [processorFilter, setProcessorFilter] = useState<string[]>([]);
  const [typeFilter, setTypeFilter] = useState<string[]>([]);
  const [showCancelled, setShowCancelled] = useState(false);
  const [booking, setBooking] = useState<BookingStart>();

  const search = (next: { date?: string; view?: CalendarView }) => `?date=${next.date ?? date}&view=${next.view ?? view}`;
  const go = (next: { date?: string; view?: CalendarView }) => setParams(new URLSearchParams(search(next)));
  const openAppointment = (id: string) => void navigate(`/backend/appointments/${id}${search({})}`);
  const closeAppointment = () => void navigate(`/backend/appointments${search({})}`);

  // An appointment opened by its link: the calendar turns to its day.
  const linked = useQuery({ queryKey: queryKeys.appointmentDay(appointmentId), queryFn: () => fetchAppointmentDay(appointmentId!), enabled: !!appointmentId && !asked });
  useEffect(() => {
    if (linked.data && !asked) setParams(new URLSearchParams(`?date=${linked.data.start.slice(0, 10)}&view=${view}`), { replace: true });
  }, [linked.data, asked, view, setParams]);

  const newBooking = () => {
    const first = processorFilter[0] ?? data.processors[0]?.id;
    const minutes = date === today.date ? snap(today.minutes + 15, 15) : 8 * 60;
    setBooking({ date, minutes: Math.min(minutes, 23 * 60 + 45), ...(first ? { processorId: first } : {}) });
  };
  useShortcuts({
    arrowleft: () => go({ date: stepDate(view, date, -1) }),
    arrowright: () => go({ date: stepDate(view, date, 1) }),
    t: () => go({ date: today.date }),
    n: newBooking,
  });

  const refreshAfter = async (message: string) => {
    await client.invalidateQueries({ queryKey: queryKeys.appointments.all });
    notifyDone(message);
  };
  const change = async ({ appointment, date: day, minutes, processorId, lengthMinutes }: GridChange): Promise<string | undefined> => {
    try {
      if (lengthMinutes !== undefined) {
        const end = new Date(new Date(appointment.start).getTime() + lengthMinutes * 60_000);
        await updateAppointment(appointment, { end: end.toISOString(), version: appointment.version });
        await refreshAfter(t('grid.resized'));
      } else {
        const start = zonedStart(day!, minutes!, data.timeZone);
        await updateAppointment(appointment, { start, ...(processorId ? { processor_id: processorId } : {}), version: appointment.version });
        await refreshAfter(t('grid.moved'));
      }
      return undefined;
    } catch (error) {
      await client.invalidateQueries({ queryKey: queryKeys.appointments.all });
      return error instanceof ApiRequestError ? (Object.values(error.body?.fields ?? {})[0]?.message ?? error.message) : String(error);
    }
  };

  const processors = processorFilter.length > 0 ? data.processors.filter((p) => processorFilter.includes(p.id)) : data.processors;
  const appointments = data.appointments.filter((a) => (showCancelled || a.view !== 'cancelled') && (typeFilter.length === 0 || typeFilter.includes(a.appointment_type_id)));
  const open = appointmentId ? data.appointments.find((a) => a.id === appointmentId) : undefined;
  const typeName = (id: string) => data.types.find((type) => type.id === id)?.name ?? '';

  return (
    <Page title={t('title')} size="100%">
      <CalendarToolbar view={view} date={date} today={today.date} live={data.live} onGo={go} onNew={newBooking} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <MultiSelect
          label={t('filters.processors')}
          placeholder={t('filters.all')}
          data={data.processors.map((p) => ({ value: p.id, label: p.name }))}
          value={processorFilter}
          onChange={setProcessorFilter}
          clearable
          w={260}
        />
        <MultiSelect
          label={t('filters.types')}
          placeholder={t('filters.all')}
          data={data.types.map((type) => ({ value: type.id, label: type.name }))}
          value={typeFilter}
          onChange={setTypeFilter}
          clearable
          w={260}
        />
        <Switch label={t('filters.cancelled')} checked={showCancelled} onChange={(e) => setShowCancelled(e.currentTarget.checked)} mb={6} />
      </Group>
      {data.error ? (
        <FormAlert tone="error" title={t('loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{data.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void data.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </FormAlert>
      ) : data.loading ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('loading')}</Text>
        </Group>
      ) : data.types.length === 0 ? (
        <FormAlert tone="info">{t('noTypes')}</FormAlert>
      ) : data.processors.length === 0 ? (
        <FormAlert tone="info">{t('noProcessors')}</FormAlert>
      ) : (
        <>
          <Text size="sm">
            {t('grid.freeTime')} {appointments.length === 0 && <Badge variant="outline">{t('grid.empty')}</Badge>}
          </Text>
          <CalendarGrid
            days={days}
            processors={processors}
            appointments={appointments}
            slots={data.slots}
            vacations={data.vacations}
            timeZone={data.timeZone}
            now={today}
            scale={view === 'day' ? 2 : 1.2}
            typeName={typeName}
            onPickTime={(day, minutes, processorId) => setBooking({ date: day, minutes, processorId })}
            onOpen={openAppointment}
            onChange={change}
          />
        </>
      )}
      {booking && (
        <BookAppointmentModal
          start={booking}
          types={data.types}
          processors={data.processors}
          timeZone={data.timeZone}
          onClose={() => setBooking(undefined)}
          onBooked={async (message) => {
            setBooking(undefined);
            await refreshAfter(message);
          }}
        />
      )}
      {appointmentId && open && (
        <AppointmentDialog
          key={`${open.id}:${open.version}`}
          appointment={open}
          types={data.types}
          processors={data.processors}
          timeZone={data.timeZone}
          onClose={closeAppointment}
          onDone={async (message, close) => {
            await refreshAfter(message);
            if (close) closeAppointment();
          }}
        />
      )}
      {appointmentId && !open && !data.loading && (linked.isError || (asked && !data.appointments.some((a) => a.id === appointmentId))) && (
        <FormAlert tone="error" title={t('dialog.notFound')} withCloseButton onClose={closeAppointment} closeButtonLabel={t('common:actions.close')} />
      )}
    </Page>
  );
}
