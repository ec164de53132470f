// `npm start`: builds the web app if needed, then runs the server (embedded database in ./data
// unless DATABASE_URL is set). Configuration: see the table in README.md.
import { buildWebIfNeeded, run } from './lib.mjs';

const built = await buildWebIfNeeded();
if (built !== 0) process.exit(built);
process.exit(await run(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts']));
