/**
 * npm run bench:shop: placing orders on PostgreSQL (a fresh database, dropped afterwards).
 *
 * 1. Orders. Ours: placeOrder (look up the Idempotency-Key, read the catalogue, then one transaction: insert ... on
 *    conflict do nothing on (user, key), insert the items, empty the ordered cart lines, queue the confirmation
 *    mail, take the stock of every line in one statement). Baseline: the two inserts of an order in one
 *    transaction, with the totals computed the same way but no key lookup, no conflict clause, no cart, no mail and
 *    no stock. Both run SHOP_BENCH_ORDERS orders with SHOP_BENCH_CONCURRENCY in flight over the 15 products (a
 *    large stock each); rounds alternate ours/baseline and medians are reported with ratios.
 * 2. The duplicate storm: SHOP_BENCH_DUPLICATES requests with ONE key at once must leave exactly one order.
 * 3. The last units: SHOP_BENCH_CUSTOMERS customers each order one unit of a product with SHOP_BENCH_LAST units
 *    left, all at once; exactly that many must be sold and the stock must end at 0. Baseline: the same orders on a
 *    product with plenty of stock (all are placed). SHOP_BENCH_STOCK_ROUNDS rounds, alternating; medians and ratios.
 *
 * Env: SHOP_BENCH_ORDERS (1500), SHOP_BENCH_CONCURRENCY (40), SHOP_BENCH_ROUNDS (3), SHOP_BENCH_DUPLICATES (200),
 * SHOP_BENCH_CUSTOMERS (200), SHOP_BENCH_LAST (25), SHOP_BENCH_STOCK_ROUNDS (5),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { createScratchDatabase } from '../server/db/scratch.ts';
import { lineTotalPaise, toPaise } from '#shared/money';
import type { PlaceOrderBody } from '#shared/orders';
import { productsByIds } from '../server/catalogue/service.ts';
import { openDatabase, rowsOf, type Database } from '../server/db/client.ts';
import { orderItems, orders, products, users as usersTable } from '../server/db/schema/index.ts';
import { seedEssentials } from '../server/seed.ts';
import { readClinic, writeClinic } from '../server/clinic/settings.ts';
import { placeOrder } from '../server/orders/place.ts';
import type { AuthUser } from '../server/lib/caller.ts';
import { deliveryAddress } from '../server/test/orders.ts';
import { createUser } from '../server/users/service.ts';

const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const ORDERS = num('SHOP_BENCH_ORDERS', 1500);
const CONCURRENCY = num('SHOP_BENCH_CONCURRENCY', 40);
const ROUNDS = num('SHOP_BENCH_ROUNDS', 3);
const DUPLICATES = num('SHOP_BENCH_DUPLICATES', 200);
const CUSTOMERS = num('SHOP_BENCH_CUSTOMERS', 200);
const LAST = num('SHOP_BENCH_LAST', 25);
const STOCK_ROUNDS = num('SHOP_BENCH_STOCK_ROUNDS', 5);
/** Units on every shelf for the order rounds: enough that no order of them is ever short. */
const PLENTY = 1_000_000;
const BASE_DB =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const address = deliveryAddress('Bench Customer');

async function run(n: number, op: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = next++;
        const s = performance.now();
        await op(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { opsPerSec: n / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** Creates `n` customers in one statement (no password hashing: they never log in). */
async function crowd(db: Database['db'], n: number): Promise<AuthUser[]> {
  const rows = await db
    .insert(usersTable)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Bench Shopper ${i}`,
        email: `bench-shopper-${i}-${randomUUID().slice(0, 6)}@example.com`,
        passwordHash: 'x',
        phone: '9876543210',
        role: 'user' as const,
      })),
    )
    .returning({ id: usersTable.id, name: usersTable.name, email: usersTable.email });
  return rows.map((u) => ({ ...u, role: 'user' as const }));
}

/**
 * The last units: every customer of the crowd orders one unit of one product at once. Ours: `LAST` units left;
 * baseline: plenty left. Each round checks that exactly `LAST` were sold and the shelf is empty, never below.
 */
async function lastUnits(db: Database['db'], deps: Parameters<typeof placeOrder>[0]) {
  const shoppers = await crowd(db, CUSTOMERS);
  const idOf = async (name: string) =>
    (await db.select({ id: products.id }).from(products).where(eq(products.name, name)))[0]!.id;
  const scarce = await idOf('Cat Toy');
  const plenty = await idOf('Bird Cage');
  const once = async (productId: number) => {
    const latencies: number[] = [];
    let placed = 0;
    let refused = 0;
    let failed = 0;
    const t0 = performance.now();
    await Promise.all(
      shoppers.map(async (u) => {
        const s = performance.now();
        try {
          await placeOrder(deps, u, randomUUID(), {
            items: [{ productId, quantity: 1 }],
            address,
            paymentMethod: 'upi',
          });
          placed += 1;
        } catch (err) {
          if ((err as { code?: string }).code === 'OUT_OF_STOCK') refused += 1;
          else failed += 1;
        }
        latencies.push(performance.now() - s);
      }),
    );
    const ms = performance.now() - t0;
    latencies.sort((a, b) => a - b);
    return { ms, placed, refused, failed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  };
  const stockOf = async (id: number) =>
    (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

  const ours: Awaited<ReturnType<typeof once>>[] = [];
  const baseline: Awaited<ReturnType<typeof once>>[] = [];
  let wrong = 0;
  for (let r = 0; r < STOCK_ROUNDS; r++) {
    await db.update(products).set({ stock: LAST }).where(eq(products.id, scarce));
    const o = await once(scarce);
    const left = await stockOf(scarce);
    if (o.placed !== LAST || left !== 0 || o.failed > 0 || o.refused !== CUSTOMERS - LAST) wrong += 1;
    ours.push(o);
    await db.update(products).set({ stock: PLENTY }).where(eq(products.id, plenty));
    const b = await once(plenty);
    if (b.placed !== CUSTOMERS || b.failed > 0) wrong += 1;
    baseline.push(b);
  }
  const med = (xs: Awaited<ReturnType<typeof once>>[], f: 'ms' | 'p50' | 'p99' | 'placed' | 'refused') =>
    median(xs.map((x) => x[f]));
  console.log(
    `last units: ${CUSTOMERS} customers x 1 unit at once, ${LAST} left, ${STOCK_ROUNDS} rounds (medians), pool ${CONCURRENCY}`,
  );
  console.log(
    `  ours      sold ${ours.map((x) => x.placed).join('/')}  409s ${ours.map((x) => x.refused).join('/')}  errors ${ours.reduce((a, x) => a + x.failed, 0)}  all done in ${med(ours, 'ms').toFixed(0)} ms  p50 ${med(ours, 'p50').toFixed(1)} ms  p99 ${med(ours, 'p99').toFixed(1)} ms`,
  );
  console.log(
    `  baseline  sold ${baseline.map((x) => x.placed).join('/')} (plenty left)  errors ${baseline.reduce((a, x) => a + x.failed, 0)}  all done in ${med(baseline, 'ms').toFixed(0)} ms  p50 ${med(baseline, 'p50').toFixed(1)} ms  p99 ${med(baseline, 'p99').toFixed(1)} ms`,
  );
  console.log(
    `  ratio ours/baseline: all done ${(med(ours, 'ms') / med(baseline, 'ms')).toFixed(2)}, p50 ${(med(ours, 'p50') / med(baseline, 'p50')).toFixed(2)}, p99 ${(med(ours, 'p99') / med(baseline, 'p99')).toFixed(2)}`,
  );
  console.log(`  rounds where the units sold were not exactly ${LAST} (or the shelf not empty): ${wrong}`);
  if (wrong) process.exitCode = 1;
}

async function main() {
  const scratch = await createScratchDatabase(BASE_DB, 'pawcare_bench_shop');
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: CONCURRENCY });
    const { db } = database;
    const clinicDefaults = {
      SLOT_OPEN: '09:00',
      SLOT_CLOSE: '18:00',
      SLOT_MINUTES: 30,
      BOOKING_MAX_OPEN: 6,
      CLINIC_HOURS: 'Mon-Sat 09:00-18:00',
      CLINIC_TZ: 'Asia/Kolkata',
      CLINIC_NAME: 'Pawcare Pet Clinic',
      CLINIC_ADDRESS: '12 Park Street, Kolkata 700016',
    };
    const deps = {
      db,
      config: {
        PUBLIC_URL: 'http://localhost:3000',
        publicUrlGiven: false,
        CLINIC_PHONE: '9876543210',
        CLINIC_EMAIL: 'clinic@pawcare.local',
        ...clinicDefaults,
      },
    };
    await seedEssentials(db);
    // The bench measures a crowd of checkouts, not the shop's caps against hoarding: lift them (decision 038).
    const clinic = await readClinic(db, clinicDefaults);
    await writeClinic(
      db,
      clinicDefaults.CLINIC_TZ,
      { ...clinic.settings, maxUnpaidOrders: 100, maxUnitsPerProduct: 1000 },
      clinic.revision + 1,
    );
    await db.update(products).set({ stock: PLENTY });
    const users: AuthUser[] = [];
    for (let i = 0; i < 20; i++) {
      const u = await createUser(deps, {
        role: 'user',
        name: `Bench Customer ${String.fromCharCode(65 + i)}`,
        email: `bench-${i}-${randomUUID().slice(0, 6)}@example.com`,
        password: 'secret123',
        phone: '9876543210',
      });
      users.push({ id: u.id, name: u.name, email: u.email, role: 'user' });
    }
    const bodyFor = (i: number): PlaceOrderBody => ({
      items: [
        { productId: (i % 15) + 1, quantity: (i % 3) + 1 },
        { productId: ((i + 7) % 15) + 1, quantity: 1 },
      ],
      address,
      paymentMethod: 'cod',
    });

    const ours = (i: number) => placeOrder(deps, users[i % users.length]!, randomUUID(), bodyFor(i));
    const baseline = async (i: number) => {
      const body = bodyFor(i);
      const user = users[i % users.length]!;
      const catalogue = new Map(
        (
          await productsByIds(
            deps,
            body.items.map((x) => x.productId),
          )
        ).map((p) => [p.id, p]),
      );
      const lines = body.items.map((x) => {
        const p = catalogue.get(x.productId)!;
        return { p, quantity: x.quantity, paise: lineTotalPaise(toPaise(p.price), x.quantity, p.discount) };
      });
      const total = lines.reduce((s, l) => s + l.paise, 0);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({
            userId: user.id,
            idempotencyKey: randomUUID(),
            paymentMethod: 'cod',
            address,
            total: (total / 100).toFixed(2),
            customerName: user.name,
            customerEmail: user.email,
          })
          .returning({ id: orders.id });
        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: row!.id,
            productId: l.p.id,
            name: l.p.name,
            unitPrice: l.p.price.toFixed(2),
            discount: l.p.discount,
            quantity: l.quantity,
            lineTotal: (l.paise / 100).toFixed(2),
          })),
        );
      });
    };

    await run(200, ours);
    await run(200, baseline);
    const results = {
      ours: [] as Awaited<ReturnType<typeof run>>[],
      baseline: [] as Awaited<ReturnType<typeof run>>[],
    };
    for (let r = 0; r < ROUNDS; r++) {
      results.ours.push(await run(ORDERS, ours));
      results.baseline.push(await run(ORDERS, baseline));
    }
    const m = (k: 'ours' | 'baseline', f: 'opsPerSec' | 'p50' | 'p95') => median(results[k].map((x) => x[f]));
    console.log(`orders: ${ORDERS} per round, ${CONCURRENCY} in flight, ${ROUNDS} rounds (medians)`);
    console.log(
      `  ours      ${m('ours', 'opsPerSec').toFixed(0)} orders/s  p50 ${m('ours', 'p50').toFixed(1)} ms  p95 ${m('ours', 'p95').toFixed(1)} ms`,
    );
    console.log(
      `  baseline  ${m('baseline', 'opsPerSec').toFixed(0)} orders/s  p50 ${m('baseline', 'p50').toFixed(1)} ms  p95 ${m('baseline', 'p95').toFixed(1)} ms`,
    );
    console.log(
      `  ratio ours/baseline: throughput ${(m('ours', 'opsPerSec') / m('baseline', 'opsPerSec')).toFixed(2)}, p50 ${(m('ours', 'p50') / m('baseline', 'p50')).toFixed(2)}`,
    );

    const key = randomUUID();
    const body = bodyFor(1);
    const t0 = performance.now();
    const storm = await Promise.allSettled(
      Array.from({ length: DUPLICATES }, () => placeOrder(deps, users[0]!, key, body)),
    );
    const ms = performance.now() - t0;
    const ids = new Set(storm.flatMap((r) => (r.status === 'fulfilled' ? [r.value.order.id] : [])));
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from orders where user_id = ${users[0]!.id} and idempotency_key = ${key}`,
      ),
    );
    const failed = storm.filter((r) => r.status === 'rejected').length;
    console.log(
      `duplicate storm: ${DUPLICATES} requests with one key in ${ms.toFixed(0)} ms -> ${n} order row(s), ${ids.size} distinct order id(s), ${failed} failed`,
    );
    if (n !== 1 || ids.size !== 1) process.exitCode = 1;

    await lastUnits(db, deps);
  } finally {
    await database?.close();
    await scratch.drop();
  }
}

await main();
