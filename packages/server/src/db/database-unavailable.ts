/** Socket failures on the way to PostgreSQL: it is down, restarting, or unreachable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
 * 57P01 admin_shutdown (fast stop, restart, failover), 57P02 crash_shutdown, 57P03
 * cannot_connect_now ("the database system is starting up / shutting down").
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;

/**
 * node-postgres reports a dropped connection without a code: the socket ended mid-query, a dead
 * client was used again, or no connection could be had within the pool's connection timeout.
 */
const UNAVAILABLE_MESSAGE = /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether an error means the database cannot be reached right now — a state that passes by
 * itself — rather than a fault of the request or of our code. Looks through drizzle's wrapping
 * (`cause`) and the AggregateError Node raises when every address of a host refuses.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
