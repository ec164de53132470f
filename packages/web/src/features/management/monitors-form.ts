import { MONITOR_DEFAULTS, type CreateMonitorInput, type Monitor, type MonitorLayout, type MonitorStyle } from '@wartefrei/shared';

/** The monitor form's values except the queues (an ordered list, kept beside the form). */
export type MonitorFormValues = {
  identifier: string;
  display_name: string;
  layout: MonitorLayout;
  custom_zoom: string;
  style: MonitorStyle;
  gong: boolean;
  speech: boolean;
};

/** A new monitor starts with the shared defaults. */
export const EMPTY_MONITOR: MonitorFormValues = {
  identifier: '',
  display_name: '',
  layout: MONITOR_DEFAULTS.layout,
  custom_zoom: String(MONITOR_DEFAULTS.custom_zoom),
  style: MONITOR_DEFAULTS.style,
  gong: MONITOR_DEFAULTS.gong,
  speech: MONITOR_DEFAULTS.speech,
};

/** The form's values for editing an existing monitor. */
export function monitorFormValuesOf(monitor: Monitor): MonitorFormValues {
  return {
    identifier: monitor.identifier,
    display_name: monitor.display_name,
    layout: monitor.layout,
    custom_zoom: String(monitor.custom_zoom),
    style: monitor.style,
    gong: monitor.gong,
    speech: monitor.speech,
  };
}

/** The request body for POST and PATCH: every field, the queues in display order. */
export function monitorInputOf(values: MonitorFormValues, queueIds: string[]): CreateMonitorInput {
  return {
    ...values,
    // NaN for an empty or non-numeric entry, so the shared schema reports it at the field.
    custom_zoom: values.custom_zoom.trim() === '' ? Number.NaN : Number(values.custom_zoom),
    queue_ids: queueIds,
  };
}

/** `ids` with the one at `index` swapped with its neighbour (`by` -1 up, +1 down); unchanged at the ends. */
export function moveQueue(ids: string[], index: number, by: -1 | 1): string[] {
  const target = index + by;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** `ids` with `id` added at the end (shown last) or removed. */
export function toggleQueue(ids: string[], id: string, shown: boolean): string[] {
  if (shown) return ids.includes(id) ? ids : [...ids, id];
  return ids.filter((other) => other !== id);
}

/** The monitor's two public links (paths; the caller adds the origin). */
export function monitorPaths(monitor: Pick<Monitor, 'id' | 'identifier'>, accountIdentifier: string | undefined): string[] {
  const byId = `/monitor/${monitor.id}`;
  if (!accountIdentifier) return [byId];
  return [byId, `/${encodeURIComponent(accountIdentifier)}/monitor/${encodeURIComponent(monitor.identifier)}`];
}
