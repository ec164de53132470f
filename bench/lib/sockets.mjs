// What the benches' socket workers (fanout/client-worker.mjs, monday/socket-worker.mjs) share.

/**
 * Opens `count` sockets, `start(i)` answering whether the i-th connected, in batches of `batch`:
 * thousands of simultaneous handshakes would overrun the server's accept backlog. Answers how
 * many connected, how many failed and how long it took (wall-clock ms).
 */
export async function startInBatches(count, batch, start) {
  const started = performance.now();
  let ok = 0;
  let failed = 0;
  for (let i = 0; i < count; i += batch) {
    const group = [];
    for (let j = i; j < Math.min(count, i + batch); j++) group.push(start(j));
    for (const result of await Promise.all(group)) {
      if (result) ok++;
      else failed++;
    }
  }
  return { ok, failed, ms: performance.now() - started };
}
