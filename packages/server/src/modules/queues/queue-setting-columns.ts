import { QUEUE_SETTING_NAMES, queueSetting, type QueueSettingName, type QueueSettings, type UpdateQueueInput } from '@wartefrei/shared';
import type { QueueChanges, QueueRow } from './queues.repo.js';

/*
 * The list settings (shared queue-settings.ts) as the `queues` table holds them: each in the
 * column of its own name (`kiosk_text_before` in `kioskTextBefore`). The compiler refuses a
 * setting without such a column; queue-setting-columns.unit.test.ts holds the columns' SQL names,
 * nullability and defaults to the declaration.
 */

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
export type SettingColumn<N extends QueueSettingName> = Camel<N>;

/** The property of the `queues` table that holds a setting. */
export const columnOf = <N extends QueueSettingName>(name: N): SettingColumn<N> => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as SettingColumn<N>;

type WithoutColumn = Exclude<SettingColumn<QueueSettingName>, keyof QueueRow>;
// Names the missing column in the compiler's message when a declared setting has none.
const everySettingHasAColumn: [WithoutColumn] extends [never] ? true : WithoutColumn = true;
void everySettingHasAColumn;

/** Every setting as staff read it: stored values, the key-by-key ones completed (a key stored before it existed reads as its default). */
export function presentQueueSettings(row: QueueRow): QueueSettings {
  const settings: Record<string, unknown> = {};
  for (const name of QUEUE_SETTING_NAMES) {
    const setting = queueSetting(name);
    const stored = row[columnOf(name)];
    settings[name] = setting.complete ? setting.complete(stored) : stored;
  }
  return settings as QueueSettings;
}

/** The column changes of the settings sent: empty texts stored as null, key-by-key settings laid over what is stored. */
export function settingChanges(input: UpdateQueueInput, stored: QueueRow | undefined): QueueChanges {
  const changes: Record<string, unknown> = {};
  for (const name of QUEUE_SETTING_NAMES) {
    const value = input[name];
    if (value === undefined) continue;
    const setting = queueSetting(name);
    const column = columnOf(name);
    changes[column] = setting.complete ? setting.complete(stored?.[column], value) : value === '' ? null : value;
  }
  return changes;
}

/** The settings among the changes that may not change while the list is open, each with the error that refuses it. */
export function changesRefusedWhileOpen(changes: QueueChanges, stored: QueueRow) {
  return QUEUE_SETTING_NAMES.flatMap((name) => {
    const refusal = queueSetting(name).refusedWhileOpen;
    const column = columnOf(name);
    return refusal && changes[column] !== undefined && changes[column] !== stored[column] ? [refusal] : [];
  });
}
