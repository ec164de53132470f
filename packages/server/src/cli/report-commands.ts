// The report commands of `npm run admin` (cli/admin.ts): a summary's query plan, and the daily
// aggregates built again from the tickets.
import { parseArgs } from 'node:util';
import { ReportQuery } from './cli-support.js';
import { loadConfig } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { systemClock } from '../platform/clock.js';
import { findAccountByIdentifier } from '../modules/accounts/index.js';
import { explainSummary, rebuildAggregates } from '../modules/reports/index.js';

/** Prints the plan of an account's report summary over local dates (issue 19: the indexes it uses). */
export async function explainReport(argv: string[], usage: string): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true });
  const [identifier, from, to] = positionals;
  const query = ReportQuery.safeParse({ from, to });
  if (!identifier || positionals.length !== 3 || !query.success) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const account = await findAccountByIdentifier(database.db, identifier);
    if (!account) {
      console.error(`Kein Konto mit der Kennung ${identifier}.`);
      return 1;
    }
    console.log(await explainSummary({ db: database.db }, account.id, query.data));
    return 0;
  } finally {
    await database.close();
  }
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `reports rebuild`: the daily aggregates again from the tickets, for all accounts or one, all days or a range. */
export async function rebuildReports(argv: string[], usage: string): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: { account: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } },
  });
  const badDate = [values.from, values.to].some((date) => date !== undefined && !LOCAL_DATE.test(date));
  if (positionals.length !== 1 || positionals[0] !== 'rebuild' || badDate || (values.from && values.to && values.from > values.to)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    let accountId: string | undefined;
    if (values.account) {
      const account = await findAccountByIdentifier(database.db, values.account);
      if (!account) {
        console.error(`Kein Konto mit der Kennung ${values.account}.`);
        return 1;
      }
      accountId = account.id;
    }
    const started = performance.now();
    const done = await rebuildAggregates(database.db, systemClock.now(), { accountId, from: values.from, to: values.to });
    console.log(`${done.lists} Listen, ${done.days} Tage neu zusammengefasst in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return 0;
  } finally {
    await database.close();
  }
}
