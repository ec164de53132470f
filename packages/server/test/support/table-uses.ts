// Which tables a module's code uses, read from its sources: the Drizzle tables (and the
// conditions built on one, as `queueIsLive`) it imports from db/schema, and the tables its raw
// SQL names. A use is a write where the code inserts, updates or deletes rows of the table.
// The table-ownership test (src/modules/table-ownership.unit.test.ts) holds these against the
// owners and the documented cross-module reads.
import fs from 'node:fs';
import path from 'node:path';
import { Column, getTableName, is, SQL } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/db/schema/index.js';

export type UseKind = 'reads' | 'writes';

/** Each export of db/schema that stands for a table: the table's own name, by export name. */
export function schemaTables(): Map<string, string> {
  const tables = new Map<string, string>();
  for (const [name, value] of Object.entries(schema)) {
    if (is(value, PgTable)) tables.set(name, getTableName(value));
    else if (is(value, SQL)) {
      const column = value.queryChunks.find((chunk) => is(chunk, Column));
      if (column) tables.set(name, getTableName(column.table));
    }
  }
  return tables;
}

const SCHEMA_IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*'[./]*db\/schema\/[\w-]+\.js'/g;
const SQL_READ = /\b(?:FROM|JOIN)\s+"?([a-z_]+)"?/g;
const SQL_WRITE = /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?([a-z_]+)"?/g;

/** The tables one source file uses, each with whether it writes there. */
export function tableUsesOf(source: string, tables: Map<string, string>): Map<string, UseKind> {
  const uses = new Map<string, UseKind>();
  const use = (table: string, kind: UseKind) => {
    if (uses.get(table) !== 'writes') uses.set(table, kind);
  };
  const tableOfLocal = new Map<string, string>();
  for (const [, typeOnly, list] of source.matchAll(SCHEMA_IMPORT)) {
    if (typeOnly) continue;
    for (const entry of list!.split(',').map((part) => part.trim())) {
      if (!entry || entry.startsWith('type ')) continue;
      const [exported, local = exported] = entry.split(/\s+as\s+/) as [string, string?];
      const table = tables.get(exported);
      if (table) tableOfLocal.set(local, table);
    }
  }
  const knownNames = new Set(tables.values());
  for (const [, name] of source.matchAll(SQL_READ)) if (knownNames.has(name!)) use(name!, 'reads');
  for (const [local, table] of tableOfLocal) {
    const drizzleWrite = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${local}\\s*\\)`);
    const sqlWrite = new RegExp(`\\b(?:INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+\\$\\{\\s*${local}\\s*\\}`);
    const writes = drizzleWrite.test(source) || sqlWrite.test(source);
    use(table, writes ? 'writes' : 'reads');
  }
  for (const [, name] of source.matchAll(SQL_WRITE)) if (knownNames.has(name!)) use(name!, 'writes');
  return uses;
}

function sourcesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(dir, file));
}

/** Per module (a folder of `modulesDir`), the tables its code (not its tests) uses. */
export function tableUsesByModule(modulesDir: string): Map<string, Map<string, UseKind>> {
  const tables = schemaTables();
  const byModule = new Map<string, Map<string, UseKind>>();
  for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const uses = new Map<string, UseKind>();
    for (const file of sourcesOf(path.join(modulesDir, module.name))) {
      for (const [table, kind] of tableUsesOf(fs.readFileSync(file, 'utf8'), tables)) {
        if (uses.get(table) !== 'writes') uses.set(table, kind);
      }
    }
    byModule.set(module.name, uses);
  }
  return byModule;
}
