import type {
  AppointmentSlot,
  AppointmentType,
  Appointment,
  AssignedProcessor,
  BookedAppointment,
  EarlierWishInput,
  ErasureResult,
  PatientAppointment,
  Profile,
  Queue,
  SeriesScope,
  UpdateAppointmentInput,
  Vacation,
} from '@wartefrei/shared';
import { api } from '../../lib/api';
import { openAppointment } from '../../lib/sealed-records';
import { sealForPractice } from '../encryption/sealing';

/** The appointments of the caller's lists starting on these local dates (cancelled ones too), sealed data opened. */
export const fetchAppointments = async (from: string, to: string) => Promise.all((await api.get<Appointment[]>('/appointments', { query: { from, to } })).map(openAppointment));

/** The patient's view by id: what the calendar needs to find the day of an appointment opened by its link. */
export const fetchAppointmentDay = (id: string) => api.get<PatientAppointment>(`/appointments/${id}`, { silent: true });

export const fetchTypes = () => api.get<AppointmentType[]>('/appointment-types');
export const fetchSlots = () => api.get<AppointmentSlot[]>('/appointment-slots');
export const fetchVacations = () => api.get<Vacation[]>('/vacations');
export const fetchQueues = () => api.get<Queue[]>('/queues');
export const fetchProfiles = () => api.get<Profile[]>('/profiles');
export const fetchQueueProcessors = (queueId: string) => api.get<AssignedProcessor[]>(`/queues/${queueId}/processors`);

/**
 * Silent: every form and the calendar show a refusal where it happened. Patient data goes sealed
 * while the practice encrypts, bound to the record (docs/security.md#encryption): a series'
 * one text to the series id this browser chooses (sent as `record_id`).
 */
export const bookAppointment = async (body: Record<string, unknown>) =>
  api.post<BookedAppointment>('/appointments', await sealForPractice(body, { table: body.recurrence ? 'appointment_series' : 'appointments', extraFields: ['description'] }), {
    silent: true,
  });
/** A change for the whole series (`scope` ALL) is sealed for the series, one occurrence's for its row. */
export const updateAppointment = async (appointment: Pick<Appointment, 'id' | 'series_id'>, body: UpdateAppointmentInput) => {
  const place =
    body.scope === 'ALL' && appointment.series_id
      ? { table: 'appointment_series' as const, recordId: appointment.series_id }
      : { table: 'appointments' as const, recordId: appointment.id };
  return api.patch<Appointment>(`/appointments/${appointment.id}`, await sealForPractice(body, { ...place, extraFields: ['description'] }), { silent: true });
};
export const cancelAppointment = (id: string, scope: SeriesScope) => api.post<Appointment>(`/appointments/${id}/cancel`, { scope }, { silent: true });
export const restoreAppointment = (id: string, scope: SeriesScope) => api.post<Appointment>(`/appointments/${id}/restore`, { scope }, { silent: true });
export const deleteAppointment = (id: string, scope: SeriesScope) => api.delete<void>(`/appointments/${id}`, { query: { scope }, silent: true });
export const markNoShow = (id: string) => api.post<Appointment>(`/appointments/${id}/no-show`, undefined, { silent: true });
export const checkInAppointment = (id: string) => api.post<Appointment>(`/appointments/${id}/check-in`, undefined, { silent: true });
export const eraseAppointment = (id: string) => api.post<ErasureResult>(`/appointments/${id}/erase`, undefined, { silent: true });
/** Staff undo a no-show: the appointment is booked again. */
export const undoNoShow = (id: string) => api.delete<Appointment>(`/appointments/${id}/no-show`, { silent: true });
/** Staff set (or change) the patient's wish for an earlier time, e.g. for a patient on the phone. */
export const setEarlierWish = (id: string, body: NonNullable<EarlierWishInput>) => api.put<Appointment>(`/appointments/${id}/earlier`, body, { silent: true });
export const withdrawEarlierWish = (id: string) => api.delete<Appointment>(`/appointments/${id}/earlier`, { silent: true });
