import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

/** An error as node-postgres or Node's net module raise it. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: a database that is down or restarting, not a fault of the request', () => {
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['every address refused (AggregateError)', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['fast stop or failover (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['crash of another backend (57P02)', withCode('terminating connection because of crash of another server process', '57P02')],
    ['still starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['connection exception class 08', withCode('connection failure', '08006')],
    ['socket ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a dead client used again', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', new Error('Failed query: select 1', { cause: withCode('terminating connection due to administrator command', '57P01') })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a serialization failure (retry, but the database is up)', withCode('could not serialize access', '40001')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops at a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
