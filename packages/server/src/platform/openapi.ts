import type { App } from '../app.js';

/** Where the committed OpenAPI document lives, from the repository root. */
export const OPENAPI_FILE = 'docs/openapi.json';

/** Objects with their keys sorted, so the committed document changes only when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The OpenAPI document of a built app as committed text: sorted keys, two-space indent, final newline. */
export async function openApiText(app: App): Promise<string> {
  await app.ready();
  return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
}
