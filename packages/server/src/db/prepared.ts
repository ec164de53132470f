import type { Queryable } from './connect.js';

/**
 * A set of prepared statements built once per database handle instead of per call (drizzle
 * builds a query anew on each call; PostgreSQL parses and plans a named statement once per
 * connection). A transaction is a handle of its own and gets its own set, bound to its connection.
 */
export function preparedPerHandle<T>(build: (q: Queryable) => T): (q: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (q) => {
    let statements = built.get(q);
    if (!statements) built.set(q, (statements = build(q)));
    return statements;
  };
}
