// Types of build.mjs for the TypeScript that imports it (test support).
export function buildServer(options?: { outdir?: string }): Promise<{ main: string; supervisor: string; admin: string }>;
