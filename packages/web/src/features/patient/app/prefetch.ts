/*
 * The ticket page's data, asked for by the bootstrap before React and the screen have arrived:
 * on a slow phone network the request then runs beside the code downloads instead of after
 * them (the last link of the chain that decides when the number shows). No imports: this file
 * is part of the bootstrap every page loads.
 */
const early = new Map<string, Promise<Response>>();

/** Starts GET `path`; its answer waits for the first takePrefetched(path). */
export function prefetch(path: string): void {
  const response = fetch(path, { headers: { accept: 'application/json' } });
  // Read (or dropped) later; an unread failure must not surface as an unhandled rejection.
  response.catch(() => undefined);
  early.set(path, response);
}

/** The prefetched answer of `path`, once: later reads ask the server again. */
export function takePrefetched(path: string): Promise<Response> | undefined {
  const response = early.get(path);
  early.delete(path);
  return response;
}
