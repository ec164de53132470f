import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

/**
 * Builds the patient pages' first view (src/features/patient/app/server-entry.tsx) into
 * `<outDir>/.ssr/first-view.js`: the module the server imports (packages/server
 * modules/first-view). Everything is bundled in, React and our shared package: the build may
 * lie far from node_modules (the e2e run's --outDir). Its CSS is the browser build's.
 */
export async function buildFirstViewModule(outDir: string): Promise<void> {
  // Vite and the React plugin choose their production output (JSX runtime, React's build) by
  // NODE_ENV: a test runner's `test` would build the development variant, whose JSX calls the
  // production React the bundle defines does not have.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildModule(outDir);
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

async function buildModule(outDir: string): Promise<void> {
  await build({
    configFile: false,
    // React's production build, also when a test builds it.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    root: path.dirname(fileURLToPath(import.meta.url)),
    logLevel: 'error',
    plugins: [react()],
    publicDir: false,
    ssr: { noExternal: true },
    build: {
      outDir: path.join(outDir, '.ssr'),
      emptyOutDir: true,
      ssr: 'src/features/patient/app/server-entry.tsx',
      rollupOptions: { output: { entryFileNames: 'first-view.js' } },
    },
  });
}
