import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appsForFile, expectError, type TestContext } from '../test/app.ts';
import { errorOf } from '../test/json.ts';
import { deliveryAddress, liftShopCaps, placeOrder as place, productIds, setStock } from '../test/orders.ts';
import { createSiblingApp } from '../test/sibling-app.ts';

const appWith = appsForFile();

/** An order of one unit of the Dog Food, with plenty of it on the shelf (these tests are about the limit). */
async function orderBody(t: TestContext) {
  const id = (await productIds(t.database.db)).get('Dog Food')!;
  await setStock(t.database.db, 10_000, [id]);
  // The rate limit, not the cap on unpaid orders (holds.test.ts), is what these tests are about.
  await liftShopCaps(t.database.db, t.config);
  return { items: [{ productId: id, quantity: 1 }], address: deliveryAddress(), paymentMethod: 'cod' };
}

const limited = /^You have placed many orders in a short time\. Please try again in (\d+ seconds?|\d+ minutes?)\.$/;

describe('order limit', () => {
  it("refuses a customer's orders past the limit with the wait in words; retries of placed orders and other customers go through", async () => {
    const t = await appWith({ ORDER_RATE_LIMIT: 3 });
    const body = await orderBody(t);
    const shopper = await t.buildUser();
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of keys) expect((await place(t.app, shopper.token, body, key)).statusCode).toBe(201);

    const refused = await place(t.app, shopper.token, body);
    expectError(refused, 429, 'RATE_LIMITED', limited);
    expect(errorOf(refused)).toMatch(/in 10 minutes\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(9 * 60);

    // A checkout whose answer was lost gets its stored order back: it was counted when it was placed.
    const replay = await place(t.app, shopper.token, body, keys[0]);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const other = await t.buildUser();
    expect((await place(t.app, other.token, body)).statusCode).toBe(201);
  });

  it('200 orders fired at once place no more than the limit', async () => {
    const t = await appWith({ ORDER_RATE_LIMIT: 10 });
    const body = await orderBody(t);
    const shopper = await t.buildUser();
    const answers = await Promise.all(Array.from({ length: 200 }, () => place(t.app, shopper.token, body)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(190);
  });
});

describe.runIf(process.env.REDIS_URL)('with Redis, two server processes', () => {
  it('share one order limit per customer', async () => {
    const shared = {
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: `pawcare-test-orders-${Date.now()}`,
      ORDER_RATE_LIMIT: 4,
    };
    const one = await appWith(shared);
    const two = await createSiblingApp(one, shared);
    try {
      const body = await orderBody(one);
      const shopper = await one.buildUser();
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await place(i % 2 ? two : one.app, shopper.token, body)).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 429, 429]);
    } finally {
      await two.close();
    }
  });
});
