import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { createTestDatabase } from '../../test/support/test-database.js';
import { selectRows } from './connect.js';

// drizzle-kit's pushSchema would be the natural check, but it drops query parameters while
// introspecting (fails on every driver), so the migrated catalog is compared here directly.
function expectedTables() {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => value instanceof PgTable)
    .map((table) => {
      const config = getTableConfig(table);
      return {
        name: config.name,
        columns: config.columns.map((c) => `${c.name} ${catalogType(c.getSQLType())}${c.notNull ? ' not null' : ''}`).sort(),
        indexes: config.indexes.map((i) => i.config.name).sort(),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('the schema files and the committed migrations', () => {
  it('agree: the database the migrations build has exactly the tables, columns and indexes of the schema files', async () => {
    const database = await createTestDatabase();
    try {
      const columns = await selectRows<{ table_name: string; column_name: string; type: string; not_null: boolean }>(
        database.db,
        sql`
        SELECT c.relname AS table_name, a.attname AS column_name,
               format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
      );
      // Indexes that back a constraint (primary keys, column UNIQUE) are declared as constraints.
      const indexes = await selectRows<{ tablename: string; indexname: string }>(
        database.db,
        sql`
        SELECT i.tablename, i.indexname FROM pg_indexes i
        WHERE i.schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      );
      const names = [...new Set(columns.map((r) => r.table_name))].sort();
      const actual = names.map((name) => ({
        name,
        columns: columns
          .filter((r) => r.table_name === name)
          .map((r) => `${r.column_name} ${r.type}${r.not_null ? ' not null' : ''}`)
          .sort(),
        indexes: indexes
          .filter((r) => r.tablename === name)
          .map((r) => r.indexname)
          .sort(),
      }));
      expect(actual).toEqual(expectedTables());
    } finally {
      await database.close();
    }
  });
});

/** The catalog shows serial columns as the integer type they are. */
function catalogType(type: string): string {
  return ({ serial: 'integer', smallserial: 'smallint', bigserial: 'bigint' } as Record<string, string>)[type] ?? type;
}
