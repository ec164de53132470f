// `npm start`: builds the web app if needed and the server's bundle (a fraction of a second),
// then runs the server under its supervisor (embedded database in ./data unless DATABASE_URL is set).
// Configuration: see the table in README.md.
import { buildServer } from '../packages/server/build.mjs';
import { buildWebIfNeeded, run } from './lib.mjs';

const built = await buildWebIfNeeded();
if (built !== 0) process.exit(built);
// The supervisor holds the port and runs the server in a worker: `kill -HUP <its pid>` (it logs
// it) reloads the server without closing the port (packages/server/src/supervisor.ts).
// Stack traces in the log name the TypeScript sources, not the bundle.
const { supervisor } = await buildServer();
process.exit(await run(process.execPath, ['--enable-source-maps', supervisor]));
