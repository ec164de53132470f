import { Writable } from 'node:stream';

/**
 * A stream for the app's logger (`startTestApp(…, { logger: { level, stream } })`) that keeps
 * every line, so a test can read the whole log as an operator would.
 */
export function captureLog() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = () => chunks.join('');
  return {
    stream,
    text,
    /** Resolves once the log holds `needle` (something sent after the request's answer), or fails after `ms`. */
    async waitFor(needle: string, ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (!text().includes(needle)) {
        if (Date.now() > deadline) throw new Error(`the log holds no "${needle}" within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
