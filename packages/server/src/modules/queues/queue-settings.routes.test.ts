import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, QUEUE_SETTING_NAMES, queueSetting, type Queue, type QueueSettingName, type UpdateQueueInput } from '@wartefrei/shared';
import { useAdmin, useTestApp } from '../../../test/support/use-test-app.js';
import { asUser, givenProfile } from '../../../test/support/factories.js';

// Issue 45: every declared list setting (shared queue-settings.ts) reaches the table, the
// presenter and the update: a new list on the migrated database reads as the declared defaults,
// and each setting changes through PATCH and reads back.

const t = useTestApp();
const admin = useAdmin(t);

const settingsOf = (queue: Queue) => Object.fromEntries(QUEUE_SETTING_NAMES.map((name) => [name, queue[name]]));

/** A value other than the default for every setting; the compiler asks for one for each new setting. */
const CHANGED: { [N in QueueSettingName]-?: NonNullable<UpdateQueueInput[N]> } = {
  phone: '+43 316 123456',
  priority: 5,
  kiosk_text_before: 'Bitte Platz nehmen.',
  kiosk_text_after: 'Danke.',
  ticket_text_before: 'E-Card mitbringen.',
  ticket_text_after: 'Gute Besserung.',
  monitor_text: 'Willkommen',
  opening_hours: 'Mo–Fr 8–12',
  draw_online_enabled: false,
  wait_time_calculation_enabled: false,
  kiosk_enabled: true,
  max_concurrent_processing: 3,
  preprocessing_buffer_minutes: 5,
  average_process_minutes: 20,
  number_start: 100,
  number_end: 199,
  number_wrap: false,
  timeout_minutes: 30,
  automatically_next: true,
  color: '#112233',
  accent_color: '#445566',
  min_age: 18,
  max_age: 65,
  is_default: true,
  logo_placement_ticket: 'BOTTOM',
  logo_placement_kiosk: 'NONE',
  patient_inputs: { birth_date: 'REQUIRED', mail: 'OPTIONAL' },
  ask_patient_for_language: true,
  allow_move_appointment: true,
  may_activate_sms_notifications: true,
  alert_members_ahead: 4,
  alert_minutes_left: 20,
  show_processor_on_processing: true,
  allow_actual_processor_selection_for_non_active_processors: true,
  display_monitor_on_kiosk: true,
  button_visibility: { terminate: 'ADMINS_ONLY' },
  name_order: 'LAST_FIRST',
  always_show_probing_questions: true,
  smart_suspend_minutes: 30,
  view_configuration: { processor: { actions: { erase: false } } },
};

/** What staff read after the change: key-by-key settings laid over their default. */
const expected = Object.fromEntries(
  QUEUE_SETTING_NAMES.map((name) => {
    const setting = queueSetting(name);
    return [name, setting.complete ? setting.complete(QUEUE_DEFAULTS[name], CHANGED[name]) : CHANGED[name]];
  }),
);

describe('the declared list settings through the API', () => {
  it('a list created with a name and identifier alone has every setting, in order, at its declared default', async () => {
    const profileId = await givenProfile(t, admin.accountId);
    const res = await t.inject({ method: 'POST', url: '/queues', headers: asUser(admin.user), payload: { profile_id: profileId, name: 'Impfen', identifier: 'impfen' } });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json<Queue>())).toEqual(['id', 'profile_id', 'name', 'identifier', ...QUEUE_SETTING_NAMES, 'session']);
    expect(settingsOf(res.json<Queue>())).toEqual(QUEUE_DEFAULTS);
  });

  it('every setting changes through PATCH and reads back', async () => {
    expect(QUEUE_SETTING_NAMES.filter((name) => JSON.stringify(expected[name]) === JSON.stringify(QUEUE_DEFAULTS[name]))).toEqual([]);
    const profileId = await givenProfile(t, admin.accountId);
    const created = await t.inject({ method: 'POST', url: '/queues', headers: asUser(admin.user), payload: { profile_id: profileId, name: 'Labor', identifier: 'labor' } });
    const id = created.json<Queue>().id;

    const res = await t.inject({ method: 'PATCH', url: `/queues/${id}`, headers: asUser(admin.user), payload: CHANGED });
    expect(res.statusCode).toBe(200);
    expect(settingsOf(res.json<Queue>())).toEqual(expected);
    const read = await t.inject({ method: 'GET', url: `/queues/${id}`, headers: asUser(admin.user) });
    expect(settingsOf(read.json<Queue>())).toEqual(expected);
  });
});
