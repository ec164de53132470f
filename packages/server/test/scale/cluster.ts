import type { LoggedUser, MemberActionResult, TicketView } from '@wartefrei/shared';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { TestSocket } from '../support/test-clients.js';
import { startSmtpServer } from '../support/smtp.js';
import { basic, type TestApp } from '../support/test-app.js';
import { TestClock } from '../support/test-clock.js';
import { createTestDatabase } from '../support/test-database.js';
import { startServerNode, type ServerNode } from './processes.js';

export interface Cluster {
  /**
   * An in-process app on the same database for the factories (accounts, queues, processors are
   * written through it). It has no Redis and no job runner: it only prepares data.
   */
  setup: TestApp;
  nodes: ServerNode[];
  close(): Promise<void>;
}

/** One throwaway PostgreSQL database and `count` real server processes on it. */
export async function startCluster(options: { count: number; env: Record<string, string> }): Promise<Cluster> {
  const database = await createTestDatabase();
  if (!database.url) throw new Error('a cluster needs PostgreSQL (TEST_DB=postgres)');
  const smtp = await startSmtpServer();
  const config = loadConfig({ PUBLIC_URL: 'http://wartefrei.test', SMTP_URL: smtp.url, SEED_DEMO: 'false' });
  const clock = new TestClock();
  const app = await buildApp({ config, database, clock, logger: false });
  const setup: TestApp = { app, smtp, clock, config, databaseUrl: database.url, inject: (o) => app.inject(o), close: () => Promise.resolve() };
  const nodes: ServerNode[] = [];
  const close = async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await app.close();
    await smtp.close();
  };
  try {
    // At the same time, as a deployment would: migrations run under the advisory lock.
    const started = await Promise.allSettled(Array.from({ length: options.count }, () => startServerNode({ DATABASE_URL: database.url ?? '', ...options.env })));
    for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await close();
    throw error;
  }
  return { setup, nodes, close };
}

/** A patient's online draw over real HTTP; fails on anything but 201. */
export async function draw(baseUrl: string, queueId: string): Promise<TicketView> {
  const res = await fetch(`${baseUrl}/queues/${queueId}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ origin: 'ONLINE' }),
  });
  if (res.status !== 201) throw new Error(`draw on ${baseUrl}: ${res.status} ${await res.text()}`);
  return (await res.json()) as TicketView;
}

/** A staff request over real HTTP; fails on anything but 200. */
export async function staffRequest<T>(baseUrl: string, user: LoggedUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: basic(user.id, user.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${method} ${path} on ${baseUrl}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export const callNext = (baseUrl: string, user: LoggedUser, queueId: string) => staffRequest<MemberActionResult>(baseUrl, user, 'POST', `/queues/${queueId}/call-next`, {});

/** A `/ws` socket subscribed to `topics` (as staff when `user` is given); answers it and the versions it starts at. */
export async function subscribedSocket(baseUrl: string, topics: string[], user?: LoggedUser) {
  const socket = await TestSocket.connect(baseUrl, user ? { username: user.username, token: user.token } : {});
  socket.send({ type: 'subscribe', topics });
  const answer = await socket.nextJson<{ type: string; topics: { topic: string; version: number }[] }>(10_000);
  if (answer.type !== 'subscribed') throw new Error(`subscribe answered ${JSON.stringify(answer)}`);
  return { socket, versions: new Map(answer.topics.map(({ topic, version }) => [topic, version])) };
}

/** A message of `/ws` that carries a version (an event or a bare `version`). */
export interface VersionedMessage {
  type: string;
  topic: string;
  version: number;
  number?: number;
  member_id?: string;
  [field: string]: unknown;
}

/** Reads messages until `done` says enough (or fails after `timeoutMs`). */
export async function collect(socket: TestSocket, done: (messages: VersionedMessage[]) => boolean, timeoutMs: number): Promise<VersionedMessage[]> {
  const deadline = Date.now() + timeoutMs;
  const messages: VersionedMessage[] = [];
  while (!done(messages)) {
    const left = deadline - Date.now();
    const next = left > 0 ? await socket.nextJson<VersionedMessage>(left).catch(() => undefined) : undefined;
    if (!next) throw new Error(`gave up after ${messages.length} messages, the last: ${JSON.stringify(messages.slice(-3))}`);
    messages.push(next);
  }
  return messages;
}
