import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClinicalNoteSchema, DOCUMENT_MAX_BYTES, PetDocumentSchema, type PetDocument } from '#shared/pet-record';
import type { Pet } from '#shared/pets';
import { findPgError, rowsOf } from '../db/client.ts';
import { appsForFile, expectError, FILES, multipart, type TestContext } from '../test/app.ts';
import { errorOf, json } from '../test/json.ts';
import { addPet, as, MISSING_ID, pastVisit, type Person } from '../test/pet-record.ts';

const QUOTA = 200_000;
const appFor = appsForFile({ STORAGE_QUOTA_BYTES: QUOTA });
let t: TestContext;
let owner: Person;
let stranger: Person;
let employee: Person;
let pet: Pet;

beforeAll(async () => {
  t = await appFor();
  [owner, stranger, employee] = await Promise.all([
    t.buildUser({ name: 'Asha Rao' }),
    t.buildUser(),
    t.buildUser({ role: 'employee', name: 'Dr. Vet' }),
  ]);
  pet = await addPet(t.app, owner, 'Bruno');
});

type Fields = Record<string, string | { data: Buffer; filename: string; type?: string }>;
async function upload(who: Person | undefined, petId: string, fields: Fields) {
  const form = await multipart(fields);
  return as(t.app, who, { method: 'POST', url: `/api/pets/${petId}/documents`, ...form });
}
async function added(fields: Fields, petId = pet.id): Promise<PetDocument> {
  const res = await upload(employee, petId, fields);
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetDocumentSchema);
}
const pdf = (data = FILES.pdf, filename = 'report.pdf') => ({ file: { data, filename, type: 'application/pdf' } });
const listOf = async (who: Person, petId = pet.id) =>
  json(await as(t.app, who, { method: 'GET', url: `/api/pets/${petId}/documents` }), z.array(PetDocumentSchema));
const storageOf = async (userId: string) =>
  Number(
    rowsOf<{ b: string }>(
      await t.database.db.execute(sql`select storage_bytes::text as b from users where id = ${userId}`),
    )[0]!.b,
  );

describe('documents on the record', () => {
  it('staff attach a lab report to a visit; the owner reads it and downloads its bytes as sent', async () => {
    const visit = await pastVisit(t.database.db, pet, 2, null);
    const doc = await added({ ...pdf(), title: 'Blood panel', kind: 'lab_report', bookingId: visit });
    expect(doc).toMatchObject({
      title: 'Blood panel',
      kind: 'lab_report',
      mime: 'application/pdf',
      size: FILES.pdf.length,
      staffOnly: false,
      bookingId: visit,
      uploadedByName: 'Dr. Vet',
    });
    expect((await listOf(owner)).map((d) => d.id)).toContain(doc.id);
    const file = await as(t.app, owner, { method: 'GET', url: doc.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(FILES.pdf)).toBe(true);
    const again = await as(t.app, owner, {
      method: 'GET',
      url: doc.url,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a staff-only document is never listed for the owner nor served to them; staff see it', async () => {
    const xray = await added({
      file: { data: FILES.png, filename: 'xray.png', type: 'image/png' },
      title: 'Chest X-ray',
      kind: 'xray',
      staffOnly: 'true',
    });
    expect(xray.staffOnly).toBe(true);
    expect((await listOf(owner)).map((d) => d.id)).not.toContain(xray.id);
    expect((await listOf(employee)).map((d) => d.id)).toContain(xray.id);
    expect((await as(t.app, owner, { method: 'GET', url: xray.url })).statusCode).toBe(404);
    expect((await as(t.app, employee, { method: 'GET', url: xray.url })).statusCode).toBe(200);
  });

  it('every document counts in the owner’s storage; past the quota the upload is refused and nothing stays', async () => {
    const dog = await addPet(t.app, owner, 'Rex');
    const before = await storageOf(owner.user.id);
    await added({ ...pdf(), title: 'Consent' }, dog.id);
    expect(await storageOf(owner.user.id)).toBe(before + FILES.pdf.length);
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(QUOTA, 0x20)]);
    const res = await upload(employee, dog.id, { ...pdf(big), title: 'Too big for the account' });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', /files may take up to/);
    expect(await storageOf(owner.user.id)).toBe(before + FILES.pdf.length);
    expect((await listOf(employee, dog.id)).map((d) => d.title)).toEqual(['Consent']);
  });

  it('documents are kept: the database refuses to change or delete one', async () => {
    const doc = await added({ ...pdf(), title: 'Referral' });
    const err = await t.database.db
      .execute(sql`update pet_documents set staff_only = true where id = ${doc.id}`)
      .catch((e: unknown) => e);
    expect(findPgError(err)?.code).toBe('PW403');
    const del = await t.database.db
      .execute(sql`delete from pet_documents where id = ${doc.id}`)
      .catch((e: unknown) => e);
    expect(findPgError(del)?.code).toBe('PW403');
  });
});

describe('uploads are checked by their bytes and size', () => {
  it.each([
    [
      'a script named .pdf',
      { data: Buffer.from('#!/bin/sh\nrm -rf /\n'), filename: 'report.pdf', type: 'application/pdf' },
    ],
    [
      'HTML named .pdf',
      { data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'x.pdf', type: 'application/pdf' },
    ],
    ['a GIF', { data: FILES.gif, filename: 'x.png', type: 'image/png' }],
    ['a WebP', { data: FILES.webp, filename: 'x.png', type: 'image/png' }],
  ])('%s is refused with 415', async (_name, file) => {
    const res = await upload(employee, pet.id, { file, title: 'Lab report' });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Documents must be PDF, JPEG or PNG files');
  });

  it('a JPEG passes by its bytes, whatever its name says', async () => {
    const doc = await added({
      file: { data: FILES.jpeg, filename: 'scan.pdf', type: 'application/pdf' },
      title: 'Scan',
    });
    expect(doc.mime).toBe('image/jpeg');
  });

  it('a file over the size limit is a 413; no file, an empty one, a bad title or flag are 400', async () => {
    const huge = Buffer.concat([FILES.pdf, Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20)]);
    expectError(await upload(employee, pet.id, { ...pdf(huge), title: 'Huge' }), 413);
    expectError(await upload(employee, pet.id, { title: 'Nothing' }), 400);
    expectError(await upload(employee, pet.id, { ...pdf(Buffer.alloc(0)), title: 'Empty' }), 400);
    expectError(await upload(employee, pet.id, { ...pdf() }), 400, undefined, 'Title is required');
    expectError(await upload(employee, pet.id, { ...pdf(), title: 'x'.repeat(121) }), 400);
    expectError(await upload(employee, pet.id, { ...pdf(), title: 'Bad\u0000title' }), 400);
    expectError(await upload(employee, pet.id, { ...pdf(), title: 'T', staffOnly: 'yes' }), 400);
    expectError(await upload(employee, pet.id, { ...pdf(), title: 'T', kind: 'selfie' }), 400);
    expectError(await upload(employee, pet.id, { ...pdf(), title: 'T', bookingId: MISSING_ID }), 400);
    const plain = await as(t.app, employee, {
      method: 'POST',
      url: `/api/pets/${pet.id}/documents`,
      payload: { title: 'x' },
    });
    expect(plain.statusCode).toBe(415);
  });
});

describe('who may add and read documents and notes', () => {
  it('customers never add documents; anyone but the owner and staff hears 404', async () => {
    expect((await upload(owner, pet.id, { ...pdf(), title: 'Mine' })).statusCode).toBe(403);
    expect((await upload(stranger, pet.id, { ...pdf(), title: 'Mine' })).statusCode).toBe(403);
    expect((await upload(undefined, pet.id, { ...pdf(), title: 'Mine' })).statusCode).toBe(401);
    expect((await upload(employee, MISSING_ID, { ...pdf(), title: 'Lost' })).statusCode).toBe(404);
    const doc = await added({ ...pdf(), title: 'Shared' });
    expect((await as(t.app, stranger, { method: 'GET', url: doc.url })).statusCode).toBe(404);
    expect((await as(t.app, undefined, { method: 'GET', url: doc.url })).statusCode).toBe(401);
    expect((await as(t.app, stranger, { method: 'GET', url: `/api/pets/${pet.id}/documents` })).statusCode).toBe(404);
    expect((await as(t.app, owner, { method: 'GET', url: '/api/documents/not-an-id' })).statusCode).toBe(404);
  });

  it('clinical notes are staff-only: written and read by staff, corrections kept, the customer refused', async () => {
    const visit = await pastVisit(t.database.db, pet, 3, null);
    const post = (who: Person, payload: object) =>
      as(t.app, who, { method: 'POST', url: `/api/pets/${pet.id}/clinical-notes`, payload });
    const first = json(
      await post(employee, { bookingId: visit, text: 'Owner reports aggression at home' }),
      ClinicalNoteSchema,
    );
    const fix = await post(employee, {
      bookingId: visit,
      text: 'Owner reports fear, not aggression',
      correctsId: first.id,
    });
    expect(fix.statusCode, fix.body).toBe(201);
    expect((await post(employee, { bookingId: visit, text: 'Again', correctsId: first.id })).statusCode).toBe(409);
    const notes = json(
      await as(t.app, employee, { method: 'GET', url: `/api/pets/${pet.id}/clinical-notes` }),
      z.array(ClinicalNoteSchema),
    );
    expect(notes.find((n) => n.id === first.id)?.correctedById).toBe(json(fix, ClinicalNoteSchema).id);
    expect((await post(owner, { bookingId: visit, text: 'Mine' })).statusCode).toBe(403);
    expect((await as(t.app, owner, { method: 'GET', url: `/api/pets/${pet.id}/clinical-notes` })).statusCode).toBe(403);
    expect((await post(employee, { bookingId: MISSING_ID, text: 'Lost' })).statusCode).toBe(400);
    expect(errorOf(await post(employee, { bookingId: visit, text: '' }))).toBe('Note is required');
  });

  it("a clinical note shows in none of the customer's answers about the pet, its visits or their notifications", async () => {
    const visit = await pastVisit(t.database.db, pet, 4, null);
    const secret = `Owner seems unable to restrain the dog ${Date.now()}`;
    const res = await as(t.app, employee, {
      method: 'POST',
      url: `/api/pets/${pet.id}/clinical-notes`,
      payload: { bookingId: visit, text: secret },
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const url of [
      `/api/pets/${pet.id}`,
      `/api/pets/${pet.id}/timeline?limit=100`,
      `/api/pets/${pet.id}/documents`,
      `/api/pets/${pet.id}/weights`,
      `/api/pets/${pet.id}/prescriptions`,
      '/api/pets',
      '/api/slots/mine?limit=200',
      '/api/notifications',
    ]) {
      const answer = await as(t.app, owner, { method: 'GET', url });
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      expect(answer.body, url).not.toContain(secret);
    }
  });
});
