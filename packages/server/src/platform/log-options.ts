import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { maskText, maskUrl } from './log-redaction.js';

/*
 * The pino options of every logger the server makes (app.ts, the admin command): requests are
 * logged with masked URLs, errors without the values a query carried, and keys that name a
 * secret or patient data are censored wherever a log call passes them (docs/security.md#logs).
 */

/**
 * Keys censored at the top of a log line and one level down (`{ body }`, `{ req: { headers } }`):
 * nothing logs them today; this keeps a careless `log.info({ body: req.body })` from leaking.
 */
const CENSORED_KEYS = [
  'authorization',
  'cookie',
  'password',
  'password_repeat',
  'token',
  'secret',
  'body',
  'mail',
  'email',
  'phone',
  'to',
  'username',
  'first_name',
  'last_name',
  'display_name',
  'birth_date',
  'insurance_number',
  'firstName',
  'lastName',
  'displayName',
  'birthDate',
  'insuranceNumber',
];
/** Headers that carry a login (Basic `user:token`, a session cookie) or the client's address chain. */
const CENSORED_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-forwarded-for"]'];

const REDACT_PATHS = [
  ...CENSORED_KEYS.flatMap((key) => [key, `*.${key}`]),
  ...CENSORED_HEADERS.flatMap((header) => {
    const path = header.startsWith('[') ? `headers${header}` : `headers.${header}`;
    return [path, `*.${path}`];
  }),
];

/** Error fields that hold the values of a query or a mail's envelope, dropped whole. */
const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'envelope', 'accepted', 'rejected', 'rejectedErrors', 'endpoint']);
const MAX_CAUSE_DEPTH = 5;

interface ErrorLike {
  message: string;
  stack?: string;
  name?: string;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

const isErrorLike = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/**
 * An error's message without the values it may quote: drizzle appends the query's parameters
 * (`Failed query: …\nparams: maria@example.com,…`), PostgreSQL's data errors (SQLSTATE class 22)
 * quote the value they refused (`invalid input syntax for type uuid: "…"`); links and mail
 * addresses (a refused recipient in an SMTP answer) are masked as in any text.
 */
function scrubMessage(error: ErrorLike): string {
  let message = error.message.replace(/\nparams: [\s\S]*$/, '');
  if (typeof error.code === 'string' && error.code.startsWith('22')) message = message.replace(/"[^"]*"/g, '"*"');
  return maskText(message);
}

/** A copy of the error (and its causes) fit for the log; the error itself is left as it was. */
function scrubbedError(error: ErrorLike, depth = 0): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  const message = scrubMessage(error);
  // The stack's head repeats the message: rebuilt from the scrubbed one, the frames kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const own = (key: string, value: unknown) => Object.defineProperty(copy, key, { value, enumerable: false, writable: true, configurable: true });
  own('message', message);
  own('stack', [`${error.name ?? 'Error'}: ${message}`, ...frames].join('\n'));
  const scrub = (value: unknown): unknown =>
    isErrorLike(value) ? (depth < MAX_CAUSE_DEPTH ? scrubbedError(value, depth + 1) : undefined) : typeof value === 'string' ? maskText(value) : value;
  for (const key of Object.keys(error)) {
    if (!DROPPED_ERROR_FIELDS.has(key)) copy[key] = scrub(error[key]);
  }
  if (error.cause !== undefined) own('cause', scrub(error.cause));
  if (Array.isArray(error.errors)) own('errors', error.errors.map(scrub));
  return copy;
}

/** pino's error serializer, given the scrubbed copy. */
export function serializeError(error: unknown): unknown {
  return pino.stdSerializers.err(isErrorLike(error) ? (scrubbedError(error) as Error) : (error as Error));
}

interface LoggedRequest {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request line with the URL masked (log-redaction.ts). The client's address stays: it
 * is what an operator traces abuse and the rate limits by.
 */
export function serializeRequest(req: LoggedRequest) {
  // Anything logged as `req` comes here: a request of Fastify's, or an object a log call made up.
  return { method: req.method, url: typeof req.url === 'string' ? maskUrl(req.url) : undefined, host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** The options of a server logger at `level`, writing to `stream` (default stdout). */
export function loggerOptions(level: string, stream?: DestinationStream): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
}
