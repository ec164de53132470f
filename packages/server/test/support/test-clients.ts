import WebSocket from 'ws';

/** A real `ws` client that queues what the server sends, for tests of `/ws`. */
export class TestSocket {
  private readonly received: string[] = [];
  private waiter: (() => void) | undefined;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.received.push(data.toString());
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens `/ws` on a listening app; `query` carries username and token for staff. */
  static async connect(baseUrl: string, query: Record<string, string> = {}): Promise<TestSocket> {
    const url = new URL('/ws', baseUrl.replace(/^http/, 'ws'));
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const socket = new WebSocket(url);
    const client = new TestSocket(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(data: string | object): void {
    this.socket.send(typeof data === 'string' ? data : JSON.stringify(data));
  }

  /** The next message, or a rejection after `timeoutMs`. */
  async next(timeoutMs = 3000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message within the timeout');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
    return this.received.shift() as string;
  }

  async nextJson<T = Record<string, unknown>>(timeoutMs?: number): Promise<T> {
    return JSON.parse(await this.next(timeoutMs)) as T;
  }

  /**
   * Proves nothing else is queued: the server answers `ping` in order, so if the next message
   * is `pong`, nothing was sent before it.
   */
  async expectNothingPending(): Promise<void> {
    this.send('ping');
    const message = await this.next();
    if (message !== 'pong') throw new Error(`expected nothing before pong, got ${message}`);
  }

  close(): void {
    this.socket.close();
  }
}
