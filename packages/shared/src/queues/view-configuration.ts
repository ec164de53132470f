import { z } from 'zod';

/**
 * The work view's configuration per list and role (docs/product.md#processor-view-configuration):
 * which optional columns, filters and row actions it shows. Number, patient name, the call,
 * finish and restore buttons and "call next" always show: without them the list cannot be worked.
 * Hiding is presentation only, never a permission: the API still allows every action.
 */
export const WORK_VIEW_ROLES = ['admin', 'processor'] as const;
export type WorkViewRole = (typeof WORK_VIEW_ROLES)[number];
export const WORK_VIEW_COLUMNS = ['state', 'origin', 'wait', 'answers', 'info_tags'] as const;
export const WORK_VIEW_FILTERS = ['search', 'status', 'origin'] as const;
export const WORK_VIEW_ACTIONS = ['call_silently', 'requeue', 'move', 'answers', 'info_tags', 'cancel', 'remove', 'erase', 'manual_ticket', 'quick_appointment'] as const;
export type WorkViewColumn = (typeof WORK_VIEW_COLUMNS)[number];
export type WorkViewFilter = (typeof WORK_VIEW_FILTERS)[number];
export type WorkViewAction = (typeof WORK_VIEW_ACTIONS)[number];

/** The kinds of things configured, each with its names. */
export const WORK_VIEW_PARTS = { columns: WORK_VIEW_COLUMNS, filters: WORK_VIEW_FILTERS, actions: WORK_VIEW_ACTIONS } as const;
export type WorkViewPart = keyof typeof WORK_VIEW_PARTS;

const switches = <T extends string>(names: readonly T[]) => z.strictObject(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<T, z.ZodBoolean>);

/** What one role sees: true = shown. */
export const RoleView = z.strictObject({
  columns: switches(WORK_VIEW_COLUMNS),
  filters: switches(WORK_VIEW_FILTERS),
  actions: switches(WORK_VIEW_ACTIONS),
});
export type RoleView = z.infer<typeof RoleView>;

/** A list's work view configuration as staff read it: complete, one view per role. */
export const ViewConfiguration = z.strictObject({ admin: RoleView, processor: RoleView });
export type ViewConfiguration = z.infer<typeof ViewConfiguration>;

/**
 * The input of `PATCH /queues/{id}` (`view_configuration`): only the switches sent change, the
 * others keep their value, like `button_visibility`. Unknown names are refused, not ignored.
 */
const RoleViewInput = z.strictObject({ columns: RoleView.shape.columns.partial(), filters: RoleView.shape.filters.partial(), actions: RoleView.shape.actions.partial() }).partial();
export const ViewConfigurationInput = z.strictObject({ admin: RoleViewInput, processor: RoleViewInput }).partial();
export type ViewConfigurationInput = z.infer<typeof ViewConfigurationInput>;

const everything = <T extends string>(names: readonly T[]) => Object.fromEntries(names.map((name) => [name, true])) as Record<T, boolean>;
const allShown = (): RoleView => ({ columns: everything(WORK_VIEW_COLUMNS), filters: everything(WORK_VIEW_FILTERS), actions: everything(WORK_VIEW_ACTIONS) });

/** A new list, and every list stored before the configuration existed, shows everything. */
export const DEFAULT_VIEW_CONFIGURATION: ViewConfiguration = { admin: allShown(), processor: allShown() };

/**
 * The complete configuration from what is stored, with changes laid over it: a switch missing
 * (stored before it existed, or not sent) is shown; names no longer known are dropped.
 */
export function mergeViewConfiguration(stored: ViewConfigurationInput | null | undefined, changes?: ViewConfigurationInput): ViewConfiguration {
  const result = structuredClone(DEFAULT_VIEW_CONFIGURATION);
  for (const layer of [stored, changes]) {
    for (const role of WORK_VIEW_ROLES) {
      for (const part of Object.keys(WORK_VIEW_PARTS) as WorkViewPart[]) {
        const given = layer?.[role]?.[part] as Record<string, unknown> | undefined;
        const target = result[role][part] as Record<string, boolean>;
        for (const name of WORK_VIEW_PARTS[part]) if (typeof given?.[name] === 'boolean') target[name] = given[name];
      }
    }
  }
  return result;
}

/** The role whose view a staff member gets: admins theirs, everyone else the processors'. */
export function workViewRoleOf(user: { is_admin: boolean }): WorkViewRole {
  return user.is_admin ? 'admin' : 'processor';
}
