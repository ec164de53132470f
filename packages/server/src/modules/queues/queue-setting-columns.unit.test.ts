import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUEUE_DEFAULTS, QUEUE_SETTING_NAMES, queueSetting } from '@wartefrei/shared';
import { queues } from '../../db/schema/index.js';
import { columnOf } from './queue-setting-columns.js';

// Issue 45: the list settings are declared once (shared queue-settings.ts), but the table is
// written by hand. This holds the table to the declaration; db/schema-drift.test.ts holds the
// migrations to the table.

const columns = getTableColumns(queues);
/** The columns that are a list's own and not settings. */
const NOT_SETTINGS = ['id', 'accountId', 'profileId', 'name', 'identifier', 'archivedAt', 'createdAt', 'updatedAt'];

describe('the queues table and the declared list settings', () => {
  it.each(QUEUE_SETTING_NAMES)('%s has its column, null only where the API shows null', (name) => {
    const column = columns[columnOf(name) as keyof typeof columns];
    expect(column?.name).toBe(name);
    expect(column.notNull).toBe(!queueSetting(name).output.safeParse(null).success);
  });

  it.each(QUEUE_SETTING_NAMES)('%s: a new row reads as the declared default', (name) => {
    const setting = queueSetting(name);
    const stored: unknown = columns[columnOf(name) as keyof typeof columns]?.default ?? null;
    // Settings kept key by key may store less (view_configuration stores `{}`): what counts is what staff read.
    expect(setting.complete ? setting.complete(stored) : stored).toEqual(QUEUE_DEFAULTS[name]);
  });

  it('has no column that is not a declared setting (one the API could neither show nor change)', () => {
    const settingColumns: string[] = QUEUE_SETTING_NAMES.map(columnOf);
    expect(Object.keys(columns).filter((key) => !settingColumns.includes(key) && !NOT_SETTINGS.includes(key))).toEqual([]);
  });
});
