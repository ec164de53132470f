import { z } from 'zod';
import { MONITOR_LAYOUTS, MONITOR_STYLES } from '../enums.js';
import { PublicAccount } from '../routes/routes.schemas.js';

export const MonitorLayout = z.enum(MONITOR_LAYOUTS);
export type MonitorLayout = z.infer<typeof MonitorLayout>;
export const MonitorStyle = z.enum(MONITOR_STYLES);
export type MonitorStyle = z.infer<typeof MonitorStyle>;

/** Custom zoom in percent of the layout's own size: half to three times (docs/product.md#entities "custom zoom"). */
export const MONITOR_ZOOM_MIN = 50;
export const MONITOR_ZOOM_MAX = 300;
/**
 * Queues one monitor shows at most. A screen read from five metres holds a handful; the bound
 * keeps the monitor's socket (one topic per queue) far below the topics a socket may hold.
 */
export const MONITOR_MAX_QUEUES = 50;

/** What a new monitor is unless told otherwise. */
export const MONITOR_DEFAULTS = {
  layout: 'STANDARD',
  custom_zoom: 100,
  style: 'DARK',
  gong: true,
  speech: false,
} as const satisfies { layout: MonitorLayout; custom_zoom: number; style: MonitorStyle; gong: boolean; speech: boolean };

const monitorFields = {
  /** Part of the public link `/{account}/monitor/{identifier}`; sanitised like queue identifiers. */
  identifier: z.string().trim().min(1).max(50),
  display_name: z.string().trim().min(1).max(100),
  layout: MonitorLayout,
  custom_zoom: z.number().int().min(MONITOR_ZOOM_MIN, 'MIN_VALUE').max(MONITOR_ZOOM_MAX, 'MAX_VALUE'),
  style: MonitorStyle,
  /** A gong when a number is called publicly (never for a silent call). */
  gong: z.boolean(),
  /** A spoken announcement of the called number (Web Speech). */
  speech: z.boolean(),
  /**
   * The queues shown, in display order. Each must be a queue of the caller's account; one that
   * is not answers 404 like every foreign id. The list replaces the stored one.
   */
  queue_ids: z
    .array(z.string().trim().min(1).max(64))
    .max(MONITOR_MAX_QUEUES, 'MAX_VALUE')
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'INVALID_VALUE'),
};

/** `POST /monitors` (admins): identifier and display name are required; the rest has MONITOR_DEFAULTS and no queues. */
export const CreateMonitorInput = z.strictObject({
  ...z.object(monitorFields).partial().shape,
  identifier: monitorFields.identifier,
  display_name: monitorFields.display_name,
});
export type CreateMonitorInput = z.infer<typeof CreateMonitorInput>;

/** `PATCH /monitors/{id}` (admins): only what is sent changes; `queue_ids` replaces the whole list. */
export const UpdateMonitorInput = CreateMonitorInput.partial();
export type UpdateMonitorInput = z.infer<typeof UpdateMonitorInput>;

/** The settings a monitor screen needs; shared by the staff and the public shape. */
const monitorSettings = {
  display_name: z.string(),
  layout: MonitorLayout,
  custom_zoom: z.number().int(),
  style: MonitorStyle,
  gong: z.boolean(),
  speech: z.boolean(),
  /** In display order. */
  queue_ids: z.array(z.uuid()),
};

/** A monitor (docs/product.md#entities) as staff read it. */
export const Monitor = z.object({ id: z.uuid(), identifier: z.string(), ...monitorSettings });
export type Monitor = z.infer<typeof Monitor>;
export const MonitorList = z.array(Monitor);

/**
 * `GET /monitors/{id}/public` and `GET /routes/identifier/{account}/monitor/{monitor|null}`: what
 * a monitor screen shows, without login. The account's master monitor (`null`) has no id and no
 * identifier and shows every queue of the account. The queues' numbers come from
 * `GET /queues/{id}/public`; live changes of the monitor itself arrive on `monitor:{id}`.
 */
export const PublicMonitor = z.object({
  account: PublicAccount,
  monitor: z.object({ id: z.uuid().nullable(), identifier: z.string().nullable(), ...monitorSettings }),
});
export type PublicMonitor = z.infer<typeof PublicMonitor>;
