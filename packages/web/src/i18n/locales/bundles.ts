/** `{ '…/de/common.json': {...} }` → `{ common: {...} }`: namespaces by file name. */
export function bundlesFrom(files: Record<string, unknown>): Record<string, object> {
  return Object.fromEntries(Object.entries(files).map(([file, content]) => [file.replace(/^.*\/([^/]+)\.json$/, '$1'), content as object]));
}
