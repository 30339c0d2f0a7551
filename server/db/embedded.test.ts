import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app.ts';
import { openEmbedded } from './embedded.ts';

/** The embedded database runs on the server's one thread: its statements must leave the network its turns. */
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database', () => {
  let t: TestContext | undefined;
  afterAll(() => t?.close());

  it('lets the server answer a new connection while it works through a queue of statements', async () => {
    t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const statements = 200;
    let done = 0;
    // Asked for at once, as a burst of requests would: each one enough work to notice.
    const queue = Array.from({ length: statements }, () =>
      t!.database.db.execute(sql`select count(*) from generate_series(1, 2000)`).then(() => (done += 1)),
    );
    // A visitor arriving meanwhile, on a connection of its own (as a socket's first request is).
    const doneWhenAnswered = await new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/healthz`, { agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(done));
        })
        .on('error', reject);
    });
    await Promise.all(queue);
    // Before, the connection was not even accepted until the last of the 200 had run.
    expect(doneWhenAnswered).toBeLessThan(statements / 2);
  });

  it('still runs statements, batches and transactions one at a time, in the order asked, past a failing one', async () => {
    const client = await openEmbedded();
    try {
      const order: string[] = [];
      const note = (what: string) => () => void order.push(what);
      await Promise.all([
        client.query('select 1').then(note('query')),
        client.query('select * from no_such_table').catch(note('failed query')),
        client
          .transaction(async (tx) => {
            await tx.query('create table t (n int)');
            order.push('transaction begun');
            await tx.query('insert into t values (1), (2)');
          })
          .then(note('transaction')),
        client.exec('insert into t values (3); insert into t values (4)').then(note('batch')),
        client.query<{ n: number }>('select count(*)::int as n from t').then((r) => order.push(`rows ${r.rows[0]!.n}`)),
      ]);
      expect(order).toEqual(['query', 'failed query', 'transaction begun', 'transaction', 'batch', 'rows 4']);
    } finally {
      await client.close();
    }
  });
});
