import type { Db } from '../db/client.ts';

/** Counts the statements the app sends to its database from now on (both drivers go through `$client.query`). */
export function countQueries(db: Db) {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let n = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return original.apply(this, args);
  };
  return {
    get count() {
      return n;
    },
    restore() {
      client.query = original;
    },
  };
}
