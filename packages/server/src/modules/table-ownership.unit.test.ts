// A query belongs to the module that owns its table (CONTRIBUTING.md#where-does-my-change-go).
// Every table has one owner here; a module that uses another's table does so only as
// docs/architecture.md#cross-module-reads lists it, with its reason — that table is the one
// list. A new use fails this test until it goes through the owner's index.ts or is documented;
// a listed use the code dropped fails too, so the list only shrinks by editing it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { schemaTables, tableUsesByModule, tableUsesOf, type UseKind } from '../../test/support/table-uses.js';
import { MODULE_ORDER } from './module-order.mjs';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));
const architectureDoc = path.join(modulesDir, '../../../../docs/architecture.md');

/** The owner of each table: the module whose repo holds its queries, or the platform's code. */
const TABLE_OWNERS: Record<string, string> = {
  accounts: 'accounts',
  users: 'accounts',
  signup_tokens: 'accounts',
  password_reset_tokens: 'accounts',
  login_tokens: 'auth',
  renewal_tokens: 'auth',
  login_failures: 'auth',
  microsoft_logins: 'auth',
  second_factors: 'auth',
  recovery_codes: 'auth',
  sign_in_challenges: 'auth',
  login_sessions: 'platform', // platform/sign-in-sessions.ts, below every module
  jobs: 'platform', // platform/jobs
  alert_subscriptions: 'alerts',
  alert_deliveries: 'alerts',
  push_keys: 'alerts',
  api_keys: 'api-keys',
  appointment_types: 'appointments',
  appointment_slots: 'appointments',
  appointments: 'appointments',
  vacations: 'appointments',
  calendar_feeds: 'appointments',
  audit_log: 'audit',
  billing_events: 'billing',
  payment_mandates: 'billing',
  device_orders: 'billing',
  countries: 'countries',
  account_keys: 'encryption',
  user_keys: 'encryption',
  private_key_exchange: 'encryption',
  images: 'images',
  info_tags: 'infotags',
  monitors: 'monitors',
  monitor_queues: 'monitors',
  freed_times: 'offers',
  appointment_offers: 'offers',
  patient_links: 'patient-links',
  probing_questions: 'probing',
  probing_options: 'probing',
  probing_answers: 'probing',
  queue_processors: 'processors',
  profiles: 'profiles',
  queues: 'queues',
  report_days: 'reports',
  report_lists: 'reports',
  report_stale_days: 'reports',
  queue_sessions: 'sessions',
  queue_session_events: 'sessions',
  session_schedule_entries: 'schedules',
  client_failures: 'system',
  queue_members: 'tickets',
  queue_member_info_tags: 'tickets',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
};

type Use = { module: string; table: string; kind: UseKind };
const keyOf = (use: Use) => `${use.module} ${use.kind} ${use.table}`;

/** The rows of the table under "### Cross-module reads": module, tables read, tables written. */
function documentedUses(markdown: string): Use[] {
  const section = markdown.split(/^### Cross-module reads$/m)[1]?.split(/^#{1,3} /m)[0];
  if (!section) throw new Error('docs/architecture.md has no "### Cross-module reads" section');
  const names = (cell = '') => [...cell.matchAll(/`([a-z_-]+)`/g)].map(([, name]) => name!);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => {
      const [, moduleCell, reads, writes] = line.split('|');
      const [module] = names(moduleCell);
      return [
        ...names(reads).map((table) => ({ module: module!, table, kind: 'reads' as const })),
        ...names(writes).map((table) => ({ module: module!, table, kind: 'writes' as const })),
      ];
    });
}

/** Every use of a table by a module that does not own it, as the code has it. */
function crossModuleUses(): Use[] {
  return [...tableUsesByModule(modulesDir)].flatMap(([module, uses]) =>
    [...uses].filter(([table]) => TABLE_OWNERS[table] !== module).map(([table, kind]) => ({ module, table, kind })),
  );
}

describe('table ownership', () => {
  it('gives every table of the schema one owner, a module or the platform', () => {
    const tables = new Set(schemaTables().values());
    expect(
      [...tables].filter((table) => !TABLE_OWNERS[table]),
      'tables without an owner in TABLE_OWNERS',
    ).toEqual([]);
    expect(
      Object.keys(TABLE_OWNERS).filter((table) => !tables.has(table)),
      'owners of tables the schema no longer has',
    ).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((owner) => owner !== 'platform' && !MODULE_ORDER.includes(owner))).toEqual([]);
  });

  it('finds a module using another module’s table only as docs/architecture.md#cross-module-reads lists it', () => {
    const documented = new Set(documentedUses(fs.readFileSync(architectureDoc, 'utf8')).map(keyOf));
    const undocumented = crossModuleUses()
      .filter((use) => !documented.has(keyOf(use)))
      .map((use) => `${keyOf(use)} (owned by ${TABLE_OWNERS[use.table]})`);
    expect(undocumented, 'go through the owner’s index.ts, or add the use with its reason to docs/architecture.md#cross-module-reads').toEqual([]);
  });

  it('lists no use the code no longer has (the documented list only shrinks)', () => {
    const used = new Set(crossModuleUses().map(keyOf));
    const stale = documentedUses(fs.readFileSync(architectureDoc, 'utf8')).filter((use) => !used.has(keyOf(use)));
    expect(stale.map(keyOf), 'remove these from docs/architecture.md#cross-module-reads').toEqual([]);
  });
});

describe('tableUsesOf', () => {
  const tables = schemaTables();

  it('counts a Drizzle table imported from the schema, under its own name or another', () => {
    const source = [
      "import { queues, queueMembers as m, type infoTags } from '../../db/schema/index.js';",
      'db.select().from(queues).innerJoin(m, eq(m.queueId, queues.id));',
    ].join('\n');
    expect(tableUsesOf(source, tables)).toEqual(
      new Map([
        ['queues', 'reads'],
        ['queue_members', 'reads'],
      ]),
    );
  });

  it('counts a condition built on a table (queueIsLive) as a read of that table', () => {
    expect(tableUsesOf("import { queueIsLive } from '../../db/schema/index.js';", tables)).toEqual(new Map([['queues', 'reads']]));
  });

  it('tells a write (insert, update, delete) from a read', () => {
    const source = "import { queues, users as u } from '../../db/schema/index.js';\nawait db.update(u).set({ name });\nawait db.select().from(queues);";
    expect(tableUsesOf(source, tables)).toEqual(
      new Map([
        ['queues', 'reads'],
        ['users', 'writes'],
      ]),
    );
  });

  it('counts a write through a table put into raw SQL', () => {
    const source = "import { jobs } from '../../db/schema/index.js';\nsql`INSERT INTO ${jobs} (kind) SELECT 'x'`;";
    expect(tableUsesOf(source, tables)).toEqual(new Map([['jobs', 'writes']]));
  });

  it('reads the tables raw SQL names, and no common table expression', () => {
    const source = 'sql`WITH m AS (SELECT 1) UPDATE queue_sessions s SET n = 1 FROM m JOIN queues q ON true`';
    expect(tableUsesOf(source, tables)).toEqual(
      new Map([
        ['queues', 'reads'],
        ['queue_sessions', 'writes'],
      ]),
    );
  });

  it('ignores type-only imports, which touch no table', () => {
    expect(tableUsesOf("import type { queues } from '../../db/schema/index.js';", tables)).toEqual(new Map());
  });
});
