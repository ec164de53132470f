// `npm run dev`: the server restarting on change, plus Vite with hot reload (proxying the API).
import { runNpm } from './lib.mjs';

const codes = await Promise.all([runNpm(['run', 'dev', '-w', '@wartefrei/server']), runNpm(['run', 'dev', '-w', '@wartefrei/web'])]);
process.exit(Math.max(...codes));
