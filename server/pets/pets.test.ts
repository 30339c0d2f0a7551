import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { z } from 'zod';
import { PET_MSG, PET_PHOTO_MAX_BYTES, PETS_MAX, PetSchema, type Pet } from '#shared/pets';
import { addDays, todayIn } from '#shared/dates';
import { BookingSchema } from '#shared/bookings';
import { rowsOf } from '../db/client.ts';
import { SEEDED_OFFERING_IDS } from '../offerings/seeded.ts';
import { createTestApp, expectError, FILES, multipart, nextCursor, type TestContext } from '../test/app.ts';
import { errorOf, json } from '../test/json.ts';
import { bookingFor, newBooking } from '../test/bookings.ts';

let t: TestContext;
let owner: { user: { id: string }; token: string };
let stranger: { user: { id: string }; token: string };
let employee: { user: { id: string }; token: string };
let admin: { user: { id: string }; token: string };
beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger, employee, admin] = await Promise.all([
    t.buildUser(),
    t.buildUser(),
    t.buildUser({ role: 'employee' }),
    t.buildUser({ role: 'admin' }),
  ]);
});
afterAll(() => t.close());

const PetListSchema = z.array(PetSchema);
const MISSING = '00000000-0000-4000-8000-000000000000';

const as = (who: { token: string } | undefined, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...(who ? t.auth(who.token) : {}), ...opts.headers } });

async function addPet(who: { token: string }, body: Record<string, unknown> = {}): Promise<Pet> {
  const res = await as(who, { method: 'POST', url: '/api/pets', payload: { name: 'Bruno', species: 'dog', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetSchema);
}

const today = () => todayIn(t.config.CLINIC_TZ);

/** A small real picture of a format (the tiny FILES fixtures are not decodable images; photos are re-encoded). */
const picture = (format: 'png' | 'jpeg' | 'webp') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

async function putPhoto(who: { token: string } | undefined, petId: string, data: Buffer, filename: string) {
  const form = await multipart({ photo: { data, filename, type: 'application/octet-stream' } });
  return as(who, { method: 'PUT', url: `/api/pets/${petId}/photo`, ...form });
}

describe('adding and reading pets', () => {
  it('adds a pet with every field and reads it back, in the list and on its own', async () => {
    const res = await as(owner, {
      method: 'POST',
      url: '/api/pets',
      payload: {
        name: 'Mittens',
        species: 'cat',
        breed: 'Siamese',
        sex: 'female',
        birthDate: '2020-03-15',
        weightKg: 4.256,
        markings: 'White socks',
        allergies: 'Chicken',
        notes: 'Shy with strangers.\nLikes the window.',
      },
    });
    expect(res.statusCode).toBe(201);
    const pet = json(res, PetSchema);
    expect(pet).toMatchObject({
      ownerId: owner.user.id,
      name: 'Mittens',
      species: 'cat',
      breed: 'Siamese',
      sex: 'female',
      birthDate: '2020-03-15',
      weightKg: 4.26,
      markings: 'White socks',
      allergies: 'Chicken',
      notes: 'Shy with strangers.\nLikes the window.',
      photoUrl: null,
      archived: false,
    });
    const [y, md] = [Number(today().slice(0, 4)), today().slice(5)];
    expect(pet.ageYears).toBe(y - 2020 - (md < '03-15' ? 1 : 0));

    const one = await as(owner, { method: 'GET', url: `/api/pets/${pet.id}` });
    expect(json(one, PetSchema)).toEqual(pet);
    const list = json(await as(owner, { method: 'GET', url: '/api/pets' }), PetListSchema);
    expect(list.map((p) => p.id)).toContain(pet.id);
  });

  it('keeps only what a short form sends: name and species (dog by default), the rest empty', async () => {
    const res = await as(owner, { method: 'POST', url: '/api/pets', payload: { name: 'Rex' } });
    expect(res.statusCode).toBe(201);
    expect(json(res, PetSchema)).toMatchObject({
      name: 'Rex',
      species: 'dog',
      breed: null,
      sex: null,
      birthDate: null,
      ageYears: null,
      weightKg: null,
      markings: null,
      allergies: null,
      notes: null,
    });
  });

  it('an age in years grows with the years since it was told', async () => {
    const pet = await addPet(owner, { name: 'Oldie', ageYears: 7 });
    expect(pet.ageYears).toBe(7);
    // Told three years ago: the pet is three years older now.
    await t.database.db.execute(
      `update pets set age_as_of = (current_date - interval '3 years 1 day')::date where id = '${pet.id}'`,
    );
    const now = json(await as(owner, { method: 'GET', url: `/api/pets/${pet.id}` }), PetSchema);
    expect(now.ageYears).toBe(10);
  });

  it("lists by name, the owner's own only", async () => {
    const me = await t.buildUser();
    await addPet(me, { name: 'zorro' });
    await addPet(me, { name: 'Apollo' });
    await addPet(me, { name: 'bella' });
    await addPet(stranger, { name: 'Not mine' });
    const list = json(await as(me, { method: 'GET', url: '/api/pets' }), PetListSchema);
    expect(list.map((p) => p.name)).toEqual(['Apollo', 'bella', 'zorro']);
  });

  it('only customers add pets; anonymous callers are asked to log in', async () => {
    expectError(await as(undefined, { method: 'POST', url: '/api/pets', payload: { name: 'X' } }), 401);
    for (const staff of [employee, admin]) {
      expectError(await as(staff, { method: 'POST', url: '/api/pets', payload: { name: 'X' } }), 403, 'FORBIDDEN');
    }
    expectError(await as(undefined, { method: 'GET', url: '/api/pets' }), 401);
  });
});

describe('the number of pets', () => {
  it(`keeps a customer to ${PETS_MAX} pets even when the requests race; archiving one makes room`, async () => {
    const hoarder = await t.buildUser();
    const answers = await Promise.all(
      Array.from({ length: PETS_MAX + 5 }, (_, i) =>
        as(hoarder, { method: 'POST', url: '/api/pets', payload: { name: `Pet ${i}`, species: 'fish' } }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(PETS_MAX);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expectError(r, 409, 'CONFLICT', PET_MSG.tooMany);
    const [first] = json(await as(hoarder, { method: 'GET', url: '/api/pets' }), PetListSchema);
    expect((await as(hoarder, { method: 'DELETE', url: `/api/pets/${first!.id}` })).statusCode).toBe(200);
    await addPet(hoarder, { name: 'Room at last' });
  });
});

describe('hostile and wrong input', () => {
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['no name', { name: '' }, PET_MSG.nameRequired],
    ['a blank name', { name: '   ' }, PET_MSG.nameRequired],
    ['a bad species', { species: 'dragon' }, PET_MSG.speciesInvalid],
    ['a bad sex', { sex: 'yes' }, PET_MSG.sexInvalid],
    ['weight 0', { weightKg: 0 }, PET_MSG.weightInvalid],
    ['weight -1', { weightKg: -1 }, PET_MSG.weightInvalid],
    ['weight 0.001, which rounds to 0', { weightKg: 0.001 }, PET_MSG.weightInvalid],
    ['weight 0.004, which rounds to 0', { weightKg: 0.004 }, PET_MSG.weightInvalid],
    ['weight 501', { weightKg: 501 }, PET_MSG.weightInvalid],
    ['weight as text', { weightKg: 'heavy' }, PET_MSG.weightInvalid],
    ['age -1', { ageYears: -1 }, PET_MSG.ageInvalid],
    ['age 2.5', { ageYears: 2.5 }, PET_MSG.ageInvalid],
    ['age 41', { ageYears: 41 }, PET_MSG.ageInvalid],
    ['a birth date that does not exist', { birthDate: '2021-02-30' }, /valid date/],
    ['a birth date before 2000', { birthDate: '1999-12-31' }, /between/],
    ['control characters in the name', { name: 'Bru\u0000no' }, /Pet name/],
    ['a line break in the breed', { breed: 'Lab\nrador' }, /Breed/],
    ['a 10 kB name', { name: 'x'.repeat(10_000) }, /at most 60/],
    ['10 kB of notes', { notes: 'x'.repeat(10_000) }, /at most 2000/],
  ];
  it.each(cases)('refuses %s with 400 and a clear message', async (_label, body, message) => {
    const res = await as(owner, { method: 'POST', url: '/api/pets', payload: { name: 'Bruno', ...body } });
    expectError(res, 400, undefined, message);
  });

  it("refuses a birth date after the clinic's today, on create and on update", async () => {
    const tomorrow = addDays(today(), 1);
    expectError(
      await as(owner, { method: 'POST', url: '/api/pets', payload: { name: 'Future', birthDate: tomorrow } }),
      400,
      'VALIDATION',
      PET_MSG.birthDateFuture,
    );
    const born = await addPet(owner, { name: 'Today', birthDate: today() });
    expect(born.ageYears).toBe(0);
    expectError(
      await as(owner, { method: 'PUT', url: `/api/pets/${born.id}`, payload: { birthDate: tomorrow } }),
      400,
      'VALIDATION',
      PET_MSG.birthDateFuture,
    );
  });

  it('refuses an empty update, unknown list filters and an ownerId that is not an id', async () => {
    const pet = await addPet(owner);
    expectError(
      await as(owner, { method: 'PUT', url: `/api/pets/${pet.id}`, payload: {} }),
      400,
      undefined,
      PET_MSG.nothingToChange,
    );
    expectError(await as(owner, { method: 'GET', url: '/api/pets?archived=maybe' }), 400);
    expectError(await as(employee, { method: 'GET', url: "/api/pets?ownerId=1' or 1=1" }), 400);
  });

  it('a non-UUID or unknown id is 404 on every route', async () => {
    for (const id of ['not-a-uuid', MISSING, "1'; drop table pets;--"]) {
      const url = `/api/pets/${encodeURIComponent(id)}`;
      expectError(await as(owner, { method: 'GET', url }), 404, 'NOT_FOUND');
      expectError(await as(owner, { method: 'PUT', url, payload: { name: 'X' } }), 404, 'NOT_FOUND');
      expectError(await as(owner, { method: 'DELETE', url }), 404, 'NOT_FOUND');
      expectError(await as(owner, { method: 'GET', url: `${url}/photo` }), 404, 'NOT_FOUND');
      expectError(await as(owner, { method: 'GET', url: `${url}/timeline` }), 404, 'NOT_FOUND');
      expectError(await putPhoto(owner, id, FILES.png, 'a.png'), 404, 'NOT_FOUND');
    }
  });
});

describe('changing and archiving', () => {
  it('changes only the fields sent; null clears an optional one', async () => {
    const pet = await addPet(owner, { breed: 'Labrador', weightKg: 30, allergies: 'Pollen', notes: 'Friendly' });
    const res = await as(owner, {
      method: 'PUT',
      url: `/api/pets/${pet.id}`,
      payload: { weightKg: 31.5, allergies: null },
    });
    expect(res.statusCode).toBe(200);
    const changed = json(res, PetSchema);
    expect(changed).toMatchObject({
      name: 'Bruno',
      breed: 'Labrador',
      weightKg: 31.5,
      allergies: null,
      notes: 'Friendly',
    });
    expect(changed.updatedAt >= pet.updatedAt).toBe(true);
    // Switching from an age to a birth date (the form sends the other as null).
    const dated = json(
      await as(owner, {
        method: 'PUT',
        url: `/api/pets/${pet.id}`,
        payload: { birthDate: '2019-01-01', ageYears: null },
      }),
      PetSchema,
    );
    expect(dated.birthDate).toBe('2019-01-01');
    expect(dated.ageYears).toBeGreaterThanOrEqual(6);
  });

  it('archives: the pet leaves the list, shows with archived=true, and can no longer be changed', async () => {
    const pet = await addPet(owner, { name: 'Goldie', species: 'fish' });
    const res = await as(owner, { method: 'DELETE', url: `/api/pets/${pet.id}` });
    expect(res.statusCode).toBe(200);
    expect(json(res, PetSchema)).toMatchObject({ id: pet.id, archived: true });

    const open = json(await as(owner, { method: 'GET', url: '/api/pets' }), PetListSchema);
    expect(open.map((p) => p.id)).not.toContain(pet.id);
    const archived = json(await as(owner, { method: 'GET', url: '/api/pets?archived=true' }), PetListSchema);
    expect(archived.map((p) => p.id)).toContain(pet.id);
    expect(archived.every((p) => p.archived)).toBe(true);

    // Still readable (its history stays), twice archived is harmless, but no more changes.
    expect(json(await as(owner, { method: 'GET', url: `/api/pets/${pet.id}` }), PetSchema).archived).toBe(true);
    const again = await as(owner, { method: 'DELETE', url: `/api/pets/${pet.id}` });
    expect(again.statusCode).toBe(200);
    expectError(
      await as(owner, { method: 'PUT', url: `/api/pets/${pet.id}`, payload: { name: 'Goldie II' } }),
      409,
      'CONFLICT',
      PET_MSG.archived,
    );
    expectError(await putPhoto(owner, pet.id, FILES.png, 'goldie.png'), 409, 'CONFLICT', PET_MSG.archived);
  });
});

describe('who sees whom', () => {
  it('another customer gets 404 for every route of a pet that is not theirs, and changes nothing', async () => {
    const pet = await addPet(owner, { name: 'Private' });
    expect((await putPhoto(owner, pet.id, await picture('png'), 'p.png')).statusCode).toBe(200);
    const url = `/api/pets/${pet.id}`;
    expectError(await as(stranger, { method: 'GET', url }), 404, 'NOT_FOUND', PET_MSG.notFound);
    expectError(await as(stranger, { method: 'PUT', url, payload: { name: 'Mine now' } }), 404, 'NOT_FOUND');
    expectError(await as(stranger, { method: 'DELETE', url }), 404, 'NOT_FOUND');
    expectError(await as(stranger, { method: 'GET', url: `${url}/photo` }), 404, 'NOT_FOUND');
    expectError(await as(stranger, { method: 'DELETE', url: `${url}/photo` }), 404, 'NOT_FOUND');
    expectError(await as(stranger, { method: 'GET', url: `${url}/timeline` }), 404, 'NOT_FOUND');
    expectError(await putPhoto(stranger, pet.id, FILES.jpeg, 'x.jpg'), 404, 'NOT_FOUND');

    const still = json(await as(owner, { method: 'GET', url }), PetSchema);
    expect(still).toMatchObject({ name: 'Private', archived: false });
    const photo = await as(owner, { method: 'GET', url: `${url}/photo` });
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it("a customer cannot list another customer's pets by ownerId, only their own", async () => {
    expectError(await as(stranger, { method: 'GET', url: `/api/pets?ownerId=${owner.user.id}` }), 403, 'FORBIDDEN');
    const own = await as(owner, { method: 'GET', url: `/api/pets?ownerId=${owner.user.id}` });
    expect(own.statusCode).toBe(200);
    expect(json(own, PetListSchema).every((p) => p.ownerId === owner.user.id)).toBe(true);
  });

  it("staff read any customer's pet, list them by ownerId, but do not change them", async () => {
    const pet = await addPet(owner, { name: 'Seen by staff' });
    for (const staff of [employee, admin]) {
      expect(json(await as(staff, { method: 'GET', url: `/api/pets/${pet.id}` }), PetSchema).id).toBe(pet.id);
      const list = json(await as(staff, { method: 'GET', url: `/api/pets?ownerId=${owner.user.id}` }), PetListSchema);
      expect(list.map((p) => p.id)).toContain(pet.id);
      expect(list.every((p) => p.ownerId === owner.user.id)).toBe(true);
      expect((await as(staff, { method: 'GET', url: `/api/pets/${pet.id}/timeline` })).statusCode).toBe(200);
      expectError(await as(staff, { method: 'PUT', url: `/api/pets/${pet.id}`, payload: { name: 'X' } }), 403);
      expectError(await as(staff, { method: 'DELETE', url: `/api/pets/${pet.id}` }), 403);
      expectError(await putPhoto(staff, pet.id, FILES.png, 'x.png'), 403);
    }
    // Staff must say whose pets they want.
    expect(errorOf(await as(employee, { method: 'GET', url: '/api/pets' }))).toMatch(/ownerId/);
  });
});

describe('the photo', () => {
  it('is judged by its bytes: a PNG named .pdf is a PNG; stored as WebP, served to the owner with safe headers', async () => {
    const pet = await addPet(owner, { name: 'Photogenic' });
    const png = await picture('png');
    const res = await putPhoto(owner, pet.id, png, 'scan.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const withPhoto = json(res, PetSchema);
    expect(withPhoto.photoUrl).toMatch(new RegExp(`^/api/pets/${pet.id}/photo\\?v=\\d+$`));

    const photo = await as(owner, { method: 'GET', url: withPhoto.photoUrl! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toMatch(/^private/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 32, height: 24 });

    // The list carries the same address without reading the bytes.
    const list = json(await as(owner, { method: 'GET', url: '/api/pets' }), PetListSchema);
    expect(list.find((p) => p.id === pet.id)?.photoUrl).toBe(withPhoto.photoUrl);
  });

  it('takes JPEG and WebP, and a new photo changes the address', async () => {
    const pet = await addPet(owner, { name: 'Twice' });
    const first = json(await putPhoto(owner, pet.id, await picture('jpeg'), 'a.jpg'), PetSchema);
    const webp = await picture('webp');
    // The address carries the photo's time: the second one is sent a second later on the server's clock.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
    const second = await putPhoto(owner, pet.id, webp, 'b.webp').finally(() => vi.useRealTimers());
    expect(json(second, PetSchema).photoUrl).not.toBe(first.photoUrl);
    const photo = await as(owner, { method: 'GET', url: `/api/pets/${pet.id}/photo` });
    expect(photo.headers['content-type']).toBe('image/webp');
  });

  it('refuses text named .png (415), GIF and PDF (415), a broken PNG (415), empty (400) and over 5 MB (413)', async () => {
    const pet = await addPet(owner, { name: 'Picky' });
    // PNG by its first bytes, but its pixels cannot be decoded.
    expectError(
      await putPhoto(owner, pet.id, FILES.brokenPng, 'cat.png'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      PET_MSG.photoType,
    );
    expectError(await putPhoto(owner, pet.id, FILES.text, 'cat.png'), 415, 'UNSUPPORTED_MEDIA_TYPE', PET_MSG.photoType);
    expectError(await putPhoto(owner, pet.id, FILES.gif, 'cat.gif'), 415, undefined, PET_MSG.photoType);
    expectError(await putPhoto(owner, pet.id, FILES.pdf, 'cat.png'), 415, undefined, PET_MSG.photoType);
    expectError(await putPhoto(owner, pet.id, Buffer.alloc(0), 'cat.png'), 400, undefined, PET_MSG.photoRequired);
    const big = Buffer.concat([FILES.png, Buffer.alloc(6 * 1024 * 1024)]);
    expect(big.length).toBeGreaterThan(PET_PHOTO_MAX_BYTES);
    expectError(await putPhoto(owner, pet.id, big, 'big.png'), 413, 'PAYLOAD_TOO_LARGE', PET_MSG.photoTooLarge);
    // A form without the photo, a JSON body, a file under another name.
    const noFile = await multipart({ note: 'hello' });
    expectError(await as(owner, { method: 'PUT', url: `/api/pets/${pet.id}/photo`, ...noFile }), 400);
    expectError(await as(owner, { method: 'PUT', url: `/api/pets/${pet.id}/photo`, payload: { photo: 'x' } }), 415);
    const wrongField = await multipart({ picture: { data: FILES.png, filename: 'a.png' } });
    expectError(await as(owner, { method: 'PUT', url: `/api/pets/${pet.id}/photo`, ...wrongField }), 400);
    // None of it was stored.
    expect(json(await as(owner, { method: 'GET', url: `/api/pets/${pet.id}` }), PetSchema).photoUrl).toBeNull();
  });

  it('is served to the owner and staff only, and removed by the owner', async () => {
    const pet = await addPet(owner, { name: 'Shown' });
    expect((await putPhoto(owner, pet.id, await picture('png'), 'shown.png')).statusCode).toBe(200);
    const url = `/api/pets/${pet.id}/photo`;
    expect((await as(employee, { method: 'GET', url })).statusCode).toBe(200);
    expect((await as(admin, { method: 'GET', url })).statusCode).toBe(200);
    expectError(await as(stranger, { method: 'GET', url }), 404);
    expectError(await as(undefined, { method: 'GET', url }), 401);

    const removed = await as(owner, { method: 'DELETE', url });
    expect(removed.statusCode).toBe(200);
    expect(json(removed, PetSchema).photoUrl).toBeNull();
    expectError(await as(owner, { method: 'GET', url }), 404);
  });
});

describe('the timeline', () => {
  const TimelineSchema = z.array(BookingSchema);

  /** A confirmed booking of the pet whose time began `hoursAgo` hours ago (written directly: the API refuses past times). */
  async function pastConfirmed(ownerId: string, petId: string, hoursAgo: number) {
    const [row] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        insert into slot_bookings (user_id, user_name, user_email, schedule, starts_at, ends_at, seat_step_minutes, service_id, pet_id, pet_name, owner_name, phone, status)
        values (${ownerId}::uuid, 'Pet Owner', 'owner@example.com', 'earlier', now() - make_interval(hours => ${hoursAgo}::int),
                now() - make_interval(hours => ${hoursAgo}::int) + interval '30 minutes', 30, ${SEEDED_OFFERING_IDS.checkup}::uuid,
                ${petId}::uuid, 'Timeline', 'Pet Owner', '9876543210', 'confirmed')
        returning id`),
    );
    return row!.id;
  }

  it("lists the pet's bookings newest first, page by page, with the visit record; archiving keeps them", async () => {
    const me = await t.buildUser();
    const pet = await addPet(me, { name: 'Timeline' });
    const other = await addPet(me, { name: 'Other' });
    const older = await pastConfirmed(me.user.id, pet.id, 72);
    const visited = await pastConfirmed(me.user.id, pet.id, 2);
    const visit = {
      findings: 'Healthy',
      treatment: 'Deworming',
      medicines: 'Drontal',
      weightKg: 12.5,
      nextDueDate: addDays(today(), 60),
      nextDueReason: 'Rabies booster',
    };
    const done = await as(employee, { method: 'PUT', url: `/api/slots/${visited}/complete`, payload: visit });
    expect(done.statusCode, done.body).toBe(200);
    const upcoming = await newBooking(
      t.app,
      me.token,
      bookingFor(`${addDays(today(), 3)} at 10:00`, {
        petId: pet.id,
        petName: undefined,
        serviceId: SEEDED_OFFERING_IDS.training,
        note: 'Pulls on the lead',
      }),
    );
    await newBooking(t.app, me.token, bookingFor(`${addDays(today(), 4)} at 10:00`, { petId: other.id }));

    const first = await as(me, { method: 'GET', url: `/api/pets/${pet.id}/timeline?limit=2` });
    expect(first.statusCode).toBe(200);
    const page1 = json(first, TimelineSchema);
    expect(page1.map((b) => b.id)).toEqual([upcoming.id, visited]);
    expect(page1[0]).toMatchObject({ service: { name: 'Pet Training' }, note: 'Pulls on the lead', visit: null });
    expect(page1[1]).toMatchObject({
      status: 'completed',
      visit: {
        findings: 'Healthy',
        treatment: 'Deworming',
        medicines: 'Drontal',
        weightKg: 12.5,
        nextDueReason: 'Rabies booster',
      },
    });
    const cursor = nextCursor(first);
    expect(cursor).toBeDefined();
    const second = await as(me, { method: 'GET', url: `/api/pets/${pet.id}/timeline?limit=2&cursor=${cursor}` });
    expect(json(second, TimelineSchema).map((b) => b.id)).toEqual([older]);
    expect(nextCursor(second)).toBeUndefined();

    // The visit's weight became the pet's; archiving keeps the history, for the owner and for staff.
    expect(json(await as(me, { method: 'GET', url: `/api/pets/${pet.id}` }), PetSchema).weightKg).toBe(12.5);
    expect((await as(me, { method: 'DELETE', url: `/api/pets/${pet.id}` })).statusCode).toBe(200);
    for (const who of [me, employee, admin]) {
      const after = json(await as(who, { method: 'GET', url: `/api/pets/${pet.id}/timeline` }), TimelineSchema);
      expect(after.map((b) => b.id)).toEqual([upcoming.id, visited, older]);
    }
    expectError(await as(stranger, { method: 'GET', url: `/api/pets/${pet.id}/timeline` }), 404);
    expectError(await as(me, { method: 'GET', url: `/api/pets/${pet.id}/timeline?cursor=bogus` }), 400);
    expectError(await as(me, { method: 'GET', url: `/api/pets/${pet.id}/timeline?limit=0` }), 400);
  });
});
