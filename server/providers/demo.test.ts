import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { BookingSchema } from '#shared/bookings';
import { addDays, todayIn } from '#shared/dates';
import { ProviderSchema } from '#shared/providers';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { seedDemoAccounts } from '../seed.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { bookingFor, bookSlot } from '../test/bookings.ts';
import { json } from '../test/json.ts';

/* The demo clinic: the landing page's three vets are staff accounts with provider profiles (decision 051). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('seeds the three vets as providers customers can book, and leaves the pickup ride without one', async () => {
  const accounts = await seedDemoAccounts(
    t.database.db,
    mkdtempSync(path.join(os.tmpdir(), 'pawcare-demo-')),
    t.config,
  );
  expect(accounts.filter((a) => a.role === 'employee').map((a) => a.email)).toEqual([
    'employee@pawcare.local',
    'ananya.mehta@pawcare.local',
    'arjun.rao@pawcare.local',
    'kavya.sen@pawcare.local',
  ]);
  const providers = json(await t.app.inject({ method: 'GET', url: '/api/providers' }), z.array(ProviderSchema));
  expect(providers.map((p) => p.displayName)).toEqual(['Dr. Ananya Mehta', 'Dr. Arjun Rao', 'Dr. Kavya Sen']);
  expect(providers.find((p) => p.displayName === 'Dr. Kavya Sen')?.serviceIds).toEqual([SEEDED_OFFERING_IDS.training]);
  // They work the clinic's hours on every day it opens (the test clinic opens every day).
  expect(providers[0]?.weeklyHours).toHaveLength(7);

  const customer = await t.buildUser({ role: 'user' });
  const tomorrow = addDays(todayIn(t.config.CLINIC_TZ), 1);
  const checkup = await bookSlot(t.app, customer.token, bookingFor(`${tomorrow} at 10:00`));
  expect(json(checkup, BookingSchema).providerName).toMatch(/^Dr\. (Ananya Mehta|Arjun Rao)$/);
  const ride = await bookSlot(
    t.app,
    customer.token,
    bookingFor(`${tomorrow} at 12:00`, {
      serviceId: SEEDED_OFFERING_IDS.pickup,
      pickupAddress: '1 Lake Road',
      petName: 'Milo',
    }),
  );
  expect(json(ride, BookingSchema).providerId).toBeNull();
});
