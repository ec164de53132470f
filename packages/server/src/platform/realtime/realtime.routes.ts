import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { MAX_TOPICS_PER_SOCKET, parseTopic, REALTIME_CLOSE, RealtimeClientMessage, type RealtimeErrorCode, type RealtimeServerMessage, topicOf } from '@wartefrei/shared';
import { authenticateToken, type Actor } from '../auth.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { RealtimeSink, Subscriber } from './hub.js';
import { watchStaffSockets } from './staff-watch.js';

const WsQuery = z.object({ username: z.string().max(320).optional(), token: z.string().max(512).optional() });

const basicHeader = (name: string, secret: string) => `Basic ${Buffer.from(`${name}:${secret}`).toString('base64')}`;

/** A text frame as a string: `ws` hands over a Buffer, or fragments, or an ArrayBuffer. */
function textOf(raw: Buffer | ArrayBuffer | Buffer[]): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  return Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
}

/**
 * The `subscribed` answer as text, each snapshot spliced in as the JSON it already is: a list's
 * public view is serialized once per version (public-snapshot.ts), not once per socket.
 */
function subscribedFrame(granted: { topic: string; version: number; snapshot?: string }[]): string {
  const entries = granted.map(({ topic, version, snapshot }) => {
    const head = JSON.stringify({ topic, version });
    return snapshot === undefined ? head : `${head.slice(0, -1)},"snapshot":${snapshot}}`;
  });
  return `{"type":"subscribed","topics":[${entries.join(',')}]}`;
}

/**
 * The socket as the hub sees it, able to hold events back while a subscribe is answered: a
 * client ignores what comes for a topic before its `subscribed` and trusts the snapshot sent
 * along, so an event published in between (after the version was taken, perhaps after the
 * snapshot was read) must reach it after the answer, where its higher version makes it count.
 */
function holdingSink(socket: WebSocket): { sink: RealtimeSink; hold: () => void; release: () => void } {
  let holding = false;
  const held: string[] = [];
  const sink: RealtimeSink = {
    send: (data) => void (holding ? held.push(data) : socket.send(data)),
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
    close: (code, reason) => socket.close(code, reason),
  };
  return {
    sink,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const data of held.splice(0)) if (socket.readyState === socket.OPEN) socket.send(data);
    },
  };
}

/**
 * `GET /ws`: the live socket. Staff pass `username` (or user id) and `token` in the query — the
 * same check as the HTTP Basic header; a bad token closes with 4401, an expired one with 4440.
 * Without both the socket is anonymous. The token is checked at connect and then every few
 * seconds (staff-watch.ts): a token signed out, expired or gone with its user closes the socket.
 */
export async function realtimeRoutes(app: FastifyInstance, { ctx, staffRecheckMs }: { ctx: AppContext; staffRecheckMs?: number }) {
  const hub = ctx.realtime;
  const staffSockets = watchStaffSockets({ db: ctx.db, clock: ctx.clock, log: app.log, ...(staffRecheckMs ? { intervalMs: staffRecheckMs } : {}) });
  app.addHook('onClose', () => staffSockets.stop());
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/ws',
    // warn: the per-request info lines would write the token of the query string into the log.
    logLevel: 'warn',
    schema: { tags: ['realtime'], querystring: WsQuery, hide: true },
    // A plain GET (no upgrade) gets a coded answer like every other route, not an empty 404.
    handler: () => {
      throw new AppError('UPGRADE_REQUIRED');
    },
    wsHandler: (socket: WebSocket, req) => {
      ctx.metrics.openSockets.inc();
      const open = () => socket.readyState === socket.OPEN;
      const send = (message: RealtimeServerMessage) => {
        if (open()) socket.send(JSON.stringify(message));
      };
      const fail = (code: RealtimeErrorCode, topic?: string) => send(topic ? { type: 'error', code, topic } : { type: 'error', code });
      // The client's topics and the topics they follow (`member:{token}` follows `member:{id}`).
      const subscribed = new Map<string, string>();
      const { sink, hold, release } = holdingSink(socket);
      const { username, token } = req.query;

      const authenticate = async (): Promise<Subscriber | undefined> => {
        if (username === undefined && token === undefined) return { actor: undefined };
        try {
          const { user, token: row, session } = await authenticateToken(ctx, basicHeader(username ?? '', token ?? ''));
          const actor: Actor = { userId: user.id, accountId: user.accountId, isAdmin: user.isAdmin, tokenId: row.id, sessionId: session.id };
          // Rechecked every few seconds from now on: signed out, expired or changed, it is closed.
          const unwatch = await staffSockets.admit(actor, (code, reason) => socket.close(code, reason));
          socket.once('close', unwatch);
          return { actor };
        } catch (err) {
          const expired = err instanceof AppError && err.code === 'SESSION_EXPIRED';
          if (!(err instanceof AppError)) req.log.error({ err }, 'realtime: authentication failed');
          socket.close(expired ? REALTIME_CLOSE.SESSION_EXPIRED : REALTIME_CLOSE.UNAUTHORIZED, expired ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
          return undefined;
        }
      };

      /** A topic's snapshot (of the topic it follows); a failed read leaves it out, and the client refetches as without one. */
      const snapshotOf = async (topic: string): Promise<string | undefined> => {
        const parts = parseTopic(subscribed.get(topic) ?? topic);
        const asked = parseTopic(topic);
        if (!parts || !asked) return undefined;
        try {
          return await hub.snapshot(parts.kind, parts.id, asked.id);
        } catch (err) {
          if (!(err instanceof AppError)) req.log.warn({ err, topic }, 'realtime: snapshot failed');
          return undefined;
        }
      };

      const handle = async (subscriber: Subscriber, text: string) => {
        if (text === 'ping') {
          if (open()) socket.send('pong');
          return;
        }
        if (text === 'pong' || text === 'keep alive') return;
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return fail('INVALID_MESSAGE');
        }
        const parsed = RealtimeClientMessage.safeParse(json);
        if (!parsed.success) return fail('INVALID_MESSAGE');
        const message = parsed.data;
        if (message.type === 'unsubscribe') {
          for (const topic of message.topics) {
            hub.unsubscribe(sink, subscribed.get(topic) ?? topic);
            subscribed.delete(topic);
          }
          return send({ type: 'unsubscribed', topics: message.topics });
        }
        const granted: { topic: string; version: number; snapshot?: string }[] = [];
        const withSnapshot = new Set(message.snapshots);
        for (const topic of new Set(message.topics)) {
          const parts = parseTopic(topic);
          if (!parts) {
            fail('INVALID_TOPIC', topic);
            continue;
          }
          if (!subscribed.has(topic) && subscribed.size >= MAX_TOPICS_PER_SOCKET) {
            fail('TOO_MANY_TOPICS', topic);
            continue;
          }
          const grant = await hub.authorize(subscriber, parts.kind, parts.id);
          if (!grant) {
            fail('FORBIDDEN', topic);
            continue;
          }
          if (!open()) return;
          const follows = topicOf(parts.kind, grant.id);
          hub.subscribe(sink, follows, grant, topic);
          subscribed.set(topic, follows);
          granted.push({ topic, version: await hub.currentVersion(follows) });
        }
        // Read after every subscription began and its version was taken: at least that new.
        const asked = granted.filter((entry) => withSnapshot.has(entry.topic));
        await Promise.all(asked.map(async (entry) => void (entry.snapshot = await snapshotOf(entry.topic))));
        if (granted.length > 0 && open()) socket.send(subscribedFrame(granted));
      };

      // Messages are handled one after another, after authentication, so that a subscribe sent
      // right after connecting waits for the token check instead of racing it.
      let chain: Promise<Subscriber | undefined> = authenticate();
      socket.on('message', (raw, isBinary) => {
        const text = isBinary ? '' : textOf(raw);
        chain = chain.then(async (subscriber) => {
          if (!subscriber || !open()) return subscriber;
          try {
            hold();
            await handle(subscriber, text);
          } catch (err) {
            req.log.error({ err }, 'realtime: message failed');
            fail('INVALID_MESSAGE');
          } finally {
            release();
          }
          return subscriber;
        });
      });
      socket.on('close', () => {
        ctx.metrics.openSockets.dec();
        hub.detach(sink);
      });
    },
  });
}
