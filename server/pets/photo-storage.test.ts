import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { StorageUseSchema } from '#shared/accounts';
import { PET_MSG, PET_PHOTO_MAX_BYTES, PetSchema, type Pet } from '#shared/pets';
import { rowsOf } from '../db/client.ts';
import { storedFilePath, sweepTemporaryFiles } from '../lib/file-store.ts';
import { PHOTO_MAX_SIDE } from '../lib/images.ts';
import { appsForFile, expectError, multipart, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { deleteUser } from '../users/service.ts';

const appFor = appsForFile();
type Who = { user: { id: string }; token: string };

const as = (t: TestContext, who: Who, opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...t.auth(who.token), ...opts.headers } });

async function addPet(t: TestContext, who: Who, name = 'Bruno'): Promise<Pet> {
  const res = await as(t, who, { method: 'POST', url: '/api/pets', payload: { name, species: 'dog' } });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetSchema);
}

async function putPhoto(t: TestContext, who: Who, petId: string, data: Buffer, filename = 'photo.jpg') {
  const form = await multipart({ photo: { data, filename, type: 'application/octet-stream' } });
  return as(t, who, { method: 'PUT', url: `/api/pets/${petId}/photo`, ...form });
}

/** A picture of random pixels (does not compress): `seed` makes each one different. */
async function noise(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg', seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** The owner's storage counter, and what their photos' rows add up to. */
async function storageOf(t: TestContext, ownerId: string) {
  const [row] = rowsOf<{ counter: string | number; stored: string | number }>(
    await t.database.db.execute(sql`
      select u.storage_bytes as counter,
        (select coalesce(sum(ph.size), 0) from pet_photos ph join pets p on p.id = ph.pet_id where p.owner_id = u.id) as stored
      from users u where u.id = ${ownerId}::uuid`),
  );
  return { counter: Number(row!.counter), stored: Number(row!.stored) };
}

async function photoRow(t: TestContext, petId: string) {
  const [row] = rowsOf<{ file_key: string | null; has_data: boolean; size: number; sha256: string | null }>(
    await t.database.db.execute(
      sql`select file_key, data is not null as has_data, size, sha256 from pet_photos where pet_id = ${petId}::uuid`,
    ),
  );
  return row;
}

/** Every file of the store under the pets' folders (temporary files included), as paths. */
async function filesOnDisk(t: TestContext): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const out: string[] = [];
  for (const e of entries) if ((await stat(path.join(root, e))).isFile()) out.push(e);
  return out;
}

describe('the storage quota', () => {
  it('holds under ten racing uploads that together pass it: the counter is the sum of what was stored', async () => {
    // Every noise photo stores at about the same size; the quota fits four of them.
    const pictures = await Promise.all(Array.from({ length: 10 }, (_, i) => noise(400, 300, 'png', i + 1)));
    const probe = await appFor();
    const someone = await probe.buildUser();
    const probePet = await addPet(probe, someone);
    await putPhoto(probe, someone, probePet.id, pictures[0]!);
    const one = (await storageOf(probe, someone.user.id)).counter;
    expect(one).toBeGreaterThan(10_000);

    const quota = Math.floor(one * 4.5);
    const t = await appFor({ STORAGE_QUOTA_BYTES: quota });
    const owner = await t.buildUser();
    const pets = [];
    for (let i = 0; i < 10; i++) pets.push(await addPet(t, owner, `Pet ${i}`));
    const answers = await Promise.all(pets.map((p, i) => putPhoto(t, owner, p.id, pictures[i]!)));

    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(ok.length).toBeLessThanOrEqual(4);
    for (const r of refused) expectError(r, 413, 'PAYLOAD_TOO_LARGE', PET_MSG.storageFull(quota));

    const { counter, stored } = await storageOf(t, owner.user.id);
    expect(counter).toBe(stored);
    expect(counter).toBeLessThanOrEqual(quota);
    // Refused uploads left no file behind; each stored photo is one file of its stored size.
    const files = await filesOnDisk(t);
    expect(files).toHaveLength(ok.length);
    let onDisk = 0;
    for (const f of files) onDisk += (await stat(path.join(t.config.dataDir, 'files', f))).size;
    expect(onDisk).toBe(counter);
  });

  it('counts a replaced photo once, even when replacements of one pet race', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const pet = await addPet(t, owner);
    const pictures = await Promise.all([1, 2, 3, 4, 5].map((seed) => noise(200, 150, 'jpeg', seed)));
    const answers = await Promise.all(pictures.map((p) => putPhoto(t, owner, pet.id, p)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const row = await photoRow(t, pet.id);
    expect(await storageOf(t, owner.user.id)).toEqual({ counter: row!.size, stored: row!.size });
    // The four replaced files are gone.
    expect(await filesOnDisk(t)).toEqual([row!.file_key]);
  });

  it('keeps an archived pet’s photo in the quota; removing that photo frees it', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const pet = await addPet(t, owner, 'Old friend');
    expect((await putPhoto(t, owner, pet.id, await noise(300, 200))).statusCode).toBe(200);
    const before = await storageOf(t, owner.user.id);
    expect(before.counter).toBeGreaterThan(0);

    expect((await as(t, owner, { method: 'DELETE', url: `/api/pets/${pet.id}` })).statusCode).toBe(200);
    expect(await storageOf(t, owner.user.id)).toEqual(before);

    // The owner reads what their uploads take up and the quota.
    const use = await as(t, owner, { method: 'GET', url: '/api/users/me/storage' });
    expect(use.statusCode, use.body).toBe(200);
    expect(json(use, StorageUseSchema)).toEqual({
      usedBytes: before.counter,
      quotaBytes: t.config.STORAGE_QUOTA_BYTES,
    });

    const removed = await as(t, owner, { method: 'DELETE', url: `/api/pets/${pet.id}/photo` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed, PetSchema)).toMatchObject({ archived: true, photoUrl: null });
    expect(await storageOf(t, owner.user.id)).toEqual({ counter: 0, stored: 0 });
    const after = await as(t, owner, { method: 'GET', url: '/api/users/me/storage' });
    expect(json(after, StorageUseSchema).usedBytes).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/storage' })).statusCode).toBe(401);
    expect(await filesOnDisk(t)).toEqual([]);
  });

  it('equals the stored photos after a random run of uploads, replacements, removals and archivings', async () => {
    const t = await appFor({ STORAGE_QUOTA_BYTES: 60_000 });
    const owner = await t.buildUser();
    const pets = await Promise.all([1, 2, 3, 4].map((i) => addPet(t, owner, `Pet ${i}`)));
    const pictures = await Promise.all([1, 2, 3, 4, 5, 6].map((seed) => noise(60 + seed * 20, 80, 'png', seed)));
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 6; round++) {
      // A few changes at once, as several tabs would send them.
      await Promise.all(
        Array.from({ length: 4 }, () => {
          const pet = pets[pick(pets.length)]!;
          const what = pick(10);
          if (what < 6) return putPhoto(t, owner, pet.id, pictures[pick(pictures.length)]!);
          if (what < 9) return as(t, owner, { method: 'DELETE', url: `/api/pets/${pet.id}/photo` });
          return as(t, owner, { method: 'DELETE', url: `/api/pets/${pet.id}` });
        }),
      );
      const { counter, stored } = await storageOf(t, owner.user.id);
      expect(counter).toBe(stored);
      expect(counter).toBeLessThanOrEqual(60_000);
      expect((await filesOnDisk(t)).length).toBe(
        rowsOf(
          await t.database.db.execute(
            sql`select 1 from pet_photos ph join pets p on p.id = ph.pet_id where p.owner_id = ${owner.user.id}::uuid`,
          ),
        ).length,
      );
    }
  });

  it('refuses a photo that does not fit with 413 and a clear message, and keeps the one there', async () => {
    const t = await appFor({ STORAGE_QUOTA_BYTES: 20_000 });
    const owner = await t.buildUser();
    const pet = await addPet(t, owner);
    const small = await putPhoto(
      t,
      owner,
      pet.id,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#884422' } })
        .png()
        .toBuffer(),
    );
    expect(small.statusCode).toBe(200);
    const big = await putPhoto(t, owner, pet.id, await noise(600, 400));
    expectError(big, 413, 'PAYLOAD_TOO_LARGE', PET_MSG.storageFull(20_000));
    expect(PET_MSG.storageFull(25 * 1024 * 1024)).toMatch(/25 MB/);
    const photo = await as(t, owner, { method: 'GET', url: `/api/pets/${pet.id}/photo` });
    expect(photo.statusCode).toBe(200);
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(64);
  });
});

describe('a stored photo', () => {
  it('is downscaled, re-encoded and stripped of EXIF (no GPS position), as a file under DATA_DIR, not in the database', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const pet = await addPet(t, owner);
    // A camera's 12-megapixel photo with its position in the EXIF.
    const base = await noise(400, 300, 'png');
    const big = await sharp(base)
      .resize(4000, 3000)
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '22/1 34/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '88/1 22/1 0/1',
        },
      })
      .jpeg({ quality: 92 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThanOrEqual(PET_PHOTO_MAX_BYTES);
    const inMeta = await sharp(big).metadata();
    expect(inMeta.exif?.toString('latin1')).toContain('PhoneCam');

    const res = await putPhoto(t, owner, pet.id, big, 'camera.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const photo = await as(t, owner, { method: 'GET', url: `/api/pets/${pet.id}/photo` });
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(PHOTO_MAX_SIDE);
    expect(meta.width / meta.height).toBeCloseTo(4 / 3, 2);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(photo.rawPayload.toString('latin1')).not.toContain('PhoneCam');
    expect(photo.rawPayload.length).toBeLessThan(big.length / 4);

    // On disk under DATA_DIR, named by the row; the row holds no bytes, only the size and hash.
    const row = (await photoRow(t, pet.id))!;
    expect(row.has_data).toBe(false);
    expect(row.file_key).toMatch(new RegExp(`^pet-photos/${pet.id}/`));
    const file = storedFilePath(t.config.dataDir, row.file_key!);
    expect(file.startsWith(path.resolve(t.config.dataDir))).toBe(true);
    const onDisk = await readFile(file);
    expect(onDisk.equals(photo.rawPayload)).toBe(true);
    expect(row.size).toBe(onDisk.length);
    expect(row.sha256).toBe(createHash('sha256').update(onDisk).digest('hex'));
    expect((await storageOf(t, owner.user.id)).counter).toBe(onDisk.length);
  });

  it('answers If-None-Match with 304, a new photo with 200; versioned addresses are kept a year', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const pet = await addPet(t, owner);
    const withPhoto = json(await putPhoto(t, owner, pet.id, await noise(100, 80)), PetSchema);
    const url = `/api/pets/${pet.id}/photo`;

    const first = await as(t, owner, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await as(t, owner, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const weak = await as(t, owner, { method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.statusCode).toBe(304);

    const versioned = await as(t, owner, { method: 'GET', url: withPhoto.photoUrl! });
    expect(versioned.headers['cache-control']).toBe('private, max-age=31536000, immutable');

    await putPhoto(t, owner, pet.id, await noise(100, 80, 'jpeg', 9));
    const changed = await as(t, owner, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is still 404 to another customer, with or without an ETag', async () => {
    const t = await appFor();
    const [owner, stranger] = await Promise.all([t.buildUser(), t.buildUser()]);
    const pet = await addPet(t, owner);
    await putPhoto(t, owner, pet.id, await noise(50, 50));
    const url = `/api/pets/${pet.id}/photo`;
    const etag = (await as(t, owner, { method: 'GET', url })).headers.etag as string;
    expectError(await as(t, stranger, { method: 'GET', url }), 404, 'NOT_FOUND');
    expectError(await as(t, stranger, { method: 'GET', url, headers: { 'if-none-match': etag } }), 404, 'NOT_FOUND');
    expectError(await as(t, stranger, { method: 'DELETE', url }), 404, 'NOT_FOUND');
    expect((await storageOf(t, owner.user.id)).counter).toBeGreaterThan(0);
  });

  it('stored in the database before files moved to disk is still served, and removing it frees its bytes', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const pet = await addPet(t, owner);
    const old = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    // As migration 0013 leaves such a photo: bytes in the row, no file, counted in the owner's storage.
    await t.database.db.execute(
      sql`insert into pet_photos (pet_id, data, mime, size) values (${pet.id}::uuid, ${old}, 'image/png', ${old.length})`,
    );
    await t.database.db.execute(sql`update users set storage_bytes = ${old.length} where id = ${owner.user.id}::uuid`);
    const url = `/api/pets/${pet.id}/photo`;
    const photo = await as(t, owner, { method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(old)).toBe(true);
    const etag = photo.headers.etag as string;
    expect(etag).toBe(`"${createHash('sha256').update(old).digest('hex')}"`);
    expect((await as(t, owner, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    expect((await as(t, owner, { method: 'DELETE', url })).statusCode).toBe(200);
    expect(await storageOf(t, owner.user.id)).toEqual({ counter: 0, stored: 0 });
  });

  it('leaves the disk with its pet when the account is deleted', async () => {
    const t = await appFor();
    const [owner, admin] = await Promise.all([t.buildUser(), t.buildUser({ role: 'admin' })]);
    const pet = await addPet(t, owner);
    await putPhoto(t, owner, pet.id, await noise(60, 40));
    expect(await filesOnDisk(t)).toHaveLength(1);
    await deleteUser({ db: t.database.db, config: t.config }, admin.user, owner.user.id);
    expect(await filesOnDisk(t)).toEqual([]);
  });
});

describe('unfinished uploads', () => {
  it('are swept at start when older than an hour; younger ones may still be written by another process', async () => {
    const t = await appFor();
    const tmp = path.join(t.config.dataDir, 'files', 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(path.join(tmp, 'old.part'), 'x');
    await writeFile(path.join(tmp, 'young.part'), 'y');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(tmp, 'old.part'), twoHoursAgo, twoHoursAgo);
    expect(await sweepTemporaryFiles(t.config.dataDir)).toBe(1);
    expect(await readdir(tmp)).toEqual(['young.part']);
  });
});

describe('an identity proof', () => {
  it('is kept as a file under DATA_DIR, counts in its account’s storage, and goes with the account', async () => {
    const t = await appFor();
    const proof = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const form = await multipart({
      name: 'Proof Holder',
      email: `proof-${Date.now()}@example.com`,
      password: 'secret123',
      phone: '9876543210',
      identityProof: { data: proof, filename: 'id.pdf', type: 'application/pdf' },
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(res.statusCode, res.body).toBe(201);
    const { user, token } = res.json<{ user: { id: string }; token: string }>();
    const [row] = rowsOf<{ file_key: string | null; has_data: boolean; storage_bytes: string | number }>(
      await t.database.db.execute(sql`
        select ip.file_key, ip.data is not null as has_data, u.storage_bytes
        from identity_proofs ip join users u on u.id = ip.user_id where ip.user_id = ${user.id}::uuid`),
    );
    expect(row!.has_data).toBe(false);
    expect(row!.file_key).toMatch(new RegExp(`^identity-proofs/${user.id}/`));
    expect((await readFile(storedFilePath(t.config.dataDir, row!.file_key!))).equals(proof)).toBe(true);
    expect(Number(row!.storage_bytes)).toBe(proof.length);

    const served = await as(t, { user, token }, { method: 'GET', url: `/api/users/${user.id}/identity-proof` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(proof)).toBe(true);

    const admin = await t.buildUser({ role: 'admin' });
    await deleteUser({ db: t.database.db, config: t.config }, admin.user, user.id);
    expect(await filesOnDisk(t)).toEqual([]);
  });

  it('stored in the database before files moved to disk is still served', async () => {
    const t = await appFor();
    const owner = await t.buildUser();
    const old = Buffer.from('%PDF-1.4\n% an older proof\n%%EOF\n');
    await t.database.db.execute(
      sql`insert into identity_proofs (user_id, data, mime, size) values (${owner.user.id}::uuid, ${old}, 'application/pdf', ${old.length})`,
    );
    const served = await as(t, owner, { method: 'GET', url: `/api/users/${owner.user.id}/identity-proof` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(old)).toBe(true);
  });
});
