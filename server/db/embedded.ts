import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Extensions the migrations create, loaded into every embedded database (PostgreSQL ships them in contrib). */
const extensions = { pg_trgm, btree_gist };

/**
 * The embedded database, whose statements take turns with the network. PGlite runs each statement on the server's
 * one thread, and queued statements run back to back without returning to the event loop; meanwhile no connection
 * is accepted or read, and Node accepts only one new connection per turn of its loop. Under load a restarted
 * server then let its sockets in one at a time, a full queue of statements apart (decision 045). Here each
 * statement, batch or transaction waits for a turn of the event loop first, in the order it was asked for, so the
 * network is served between any two of them.
 */
class TurnTakingPGlite extends PGlite {
  #last: Promise<unknown> = Promise.resolve();

  /** Runs `work` after everything asked for before it, in a later turn of the event loop. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    this.#last = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#inTurn(() => super.transaction(callback));
  }
}

/**
 * An embedded database with our extensions, taking turns with the network, once it is ready: in the folder
 * `dataDir`, or in memory (started from the dump `loadDataDir` when given).
 */
export async function openEmbedded(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  const client = new TurnTakingPGlite({ ...options, extensions });
  await client.waitReady;
  return client;
}
