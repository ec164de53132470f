import { ALERT_DEFAULTS } from '../alerts/alerts.schemas.js';
import { DEFAULT_PATIENT_INPUTS, DEFAULT_QUEUE_PRIORITY, type Queue } from './queues.schemas.js';
import { DEFAULT_VIEW_CONFIGURATION } from './view-configuration.js';

/**
 * What a new waiting list starts with, for every setting: the database's column defaults and
 * the web form's new list are both read from here, so they cannot disagree.
 */
export const QUEUE_DEFAULTS = {
  phone: null,
  priority: DEFAULT_QUEUE_PRIORITY,
  kiosk_text_before: null,
  kiosk_text_after: null,
  ticket_text_before: null,
  ticket_text_after: null,
  monitor_text: null,
  opening_hours: null,
  draw_online_enabled: true,
  wait_time_calculation_enabled: true,
  kiosk_enabled: false,
  max_concurrent_processing: 1,
  preprocessing_buffer_minutes: 0,
  average_process_minutes: 10,
  number_start: null,
  number_end: null,
  number_wrap: true,
  timeout_minutes: null,
  automatically_next: false,
  color: null,
  accent_color: null,
  min_age: null,
  max_age: null,
  is_default: false,
  logo_placement_ticket: 'TOP',
  logo_placement_kiosk: 'TOP',
  patient_inputs: DEFAULT_PATIENT_INPUTS,
  ask_patient_for_language: false,
  allow_move_appointment: false,
  may_activate_sms_notifications: false,
  alert_members_ahead: ALERT_DEFAULTS.members_ahead,
  alert_minutes_left: ALERT_DEFAULTS.minutes_left,
  show_processor_on_processing: false,
  allow_actual_processor_selection_for_non_active_processors: false,
  display_monitor_on_kiosk: false,
  button_visibility: { suspend_online: 'EVERYBODY', suspend_kiosk: 'EVERYBODY', queue_opened: 'EVERYBODY', terminate: 'EVERYBODY' },
  name_order: 'FIRST_LAST',
  always_show_probing_questions: false,
  smart_suspend_minutes: 15,
  view_configuration: DEFAULT_VIEW_CONFIGURATION,
} as const satisfies Omit<Queue, 'id' | 'profile_id' | 'session' | 'name' | 'identifier'>;
