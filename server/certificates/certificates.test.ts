import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditEntrySchema } from '#shared/audit';
import {
  CERTIFICATE_CODES_MAX,
  CERTIFICATE_MSG,
  CertificateShareSchema,
  VerificationSchema,
} from '#shared/certificates';
import { addDays, formatDay, todayIn } from '#shared/dates';
import { PET_MSG, PetSchema, type Pet } from '#shared/pets';
import { DoseSchema, type DoseCreateInput } from '#shared/vaccines';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';
import { readPdf as readBack } from '../test/pdf.ts';
import { as, MISSING_ID, type Person } from '../test/pet-record.ts';
import { SEEDED_VACCINE_IDS } from '../vaccines/seeded.ts';
import { certificateFontsFound } from './pdf.ts';

const RATE_LIMIT = 15;
let t: TestContext;
let staff: Person;
let admin: Person;
beforeAll(async () => {
  t = await createTestApp({ CERTIFICATE_RATE_LIMIT: RATE_LIMIT, PUBLIC_URL: 'https://clinic.example' });
  staff = await t.buildUser({ role: 'employee', name: 'Dr. Kishore Sharma' });
  admin = await t.buildUser({ role: 'admin' });
});
afterAll(() => t.close());

const today = () => todayIn(t.config.CLINIC_TZ);
const Shares = z.array(CertificateShareSchema);

async function petOf(owner: Person, fields: Record<string, unknown> = {}): Promise<Pet> {
  const res = await as(t.app, owner, {
    method: 'POST',
    url: '/api/pets',
    payload: { name: 'Bruno', species: 'dog', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, PetSchema);
}

async function giveDose(petId: string, over: Partial<DoseCreateInput> = {}) {
  const res = await as(t.app, staff, {
    method: 'POST',
    url: `/api/pets/${petId}/vaccinations`,
    payload: {
      vaccineId: SEEDED_VACCINE_IDS.rabies,
      givenOn: addDays(today(), -30),
      batch: 'RB-2201',
      expiresOn: addDays(today(), 300),
      manufacturer: 'MSD Animal Health',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, DoseSchema);
}

const download = (who: Person | undefined, petId: string) =>
  as(t.app, who, { method: 'GET', url: `/api/pets/${petId}/certificate` });
const share = (who: Person | undefined, petId: string) =>
  as(t.app, who, { method: 'POST', url: `/api/pets/${petId}/certificate/share` });
const withdraw = (who: Person | undefined, petId: string, code: string) =>
  as(t.app, who, { method: 'DELETE', url: `/api/pets/${petId}/certificate/share/${code}` });
const shares = (who: Person | undefined, petId: string) =>
  as(t.app, who, { method: 'GET', url: `/api/pets/${petId}/certificate/shares` });
const verify = (code: string) => t.app.inject({ method: 'GET', url: `/api/verify/${code}` });

/** The PDF's text and its QR code's text, after checking it is a PDF. */
async function readPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return readBack(pdf);
}

describe('who may use the certificate', () => {
  it('lets the owner and staff download it, the owner alone share and withdraw; others hear 404, visitors 401', async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const pet = await petOf(owner);

    // Download: owner and staff; another customer as if the pet did not exist; a visitor must sign in.
    expect((await download(owner, pet.id)).statusCode).toBe(200);
    expect((await download(staff, pet.id)).statusCode).toBe(200);
    expectError(await download(other, pet.id), 404, 'NOT_FOUND');
    expectError(await download(undefined, pet.id), 401, 'UNAUTHENTICATED');
    expectError(await download(owner, MISSING_ID), 404, 'NOT_FOUND');
    expectError(await download(owner, 'not-an-id'), 404, 'NOT_FOUND');

    // Share: the owner only; staff may read the links but not make them for the owner.
    const mine = json(await share(owner, pet.id), CertificateShareSchema);
    expectError(await share(staff, pet.id), 403, 'FORBIDDEN');
    expectError(await share(other, pet.id), 404, 'NOT_FOUND');
    expectError(await share(undefined, pet.id), 401, 'UNAUTHENTICATED');

    // The list: owner and staff.
    expect(json(await shares(owner, pet.id), Shares).map((s) => s.code)).toContain(mine.code);
    expect(json(await shares(staff, pet.id), Shares).map((s) => s.code)).toContain(mine.code);
    expectError(await shares(other, pet.id), 404, 'NOT_FOUND');
    expectError(await shares(undefined, pet.id), 401, 'UNAUTHENTICATED');

    // Withdraw: the owner only.
    expectError(await withdraw(staff, pet.id, mine.code), 403, 'FORBIDDEN');
    expectError(await withdraw(other, pet.id, mine.code), 404, 'NOT_FOUND');
    expectError(await withdraw(undefined, pet.id, mine.code), 401, 'UNAUTHENTICATED');
    expect((await verify(mine.code)).statusCode).toBe(200);
    const left = json(await withdraw(owner, pet.id, mine.code), Shares);
    expect(left.map((s) => s.code)).not.toContain(mine.code);
    // Withdrawn once: a second time is 404, and so is a code of another pet.
    expectError(await withdraw(owner, pet.id, mine.code), 404, 'NOT_FOUND');
    const otherPet = await petOf(other);
    const theirs = json(await share(other, otherPet.id), CertificateShareSchema);
    expectError(await withdraw(owner, pet.id, theirs.code), 404, 'NOT_FOUND');
    expect((await verify(theirs.code)).statusCode).toBe(200);
  });
});

describe('the PDF', () => {
  it('shows the pet, its owner, each dose that counts with its batch and expiry, the clinic, and a QR code of its verification page', async () => {
    expect(certificateFontsFound()).toBe(true);
    const owner = await t.buildUser({ name: 'Asha Verma' });
    const pet = await petOf(owner, {
      name: 'मोती',
      breed: 'Indian Pariah',
      sex: 'male',
      birthDate: '2023-04-12',
      markings: 'White blaze on chest',
      microchip: '985 1123 4567 8901',
    });
    expect(pet.microchip).toBe('985112345678901');
    const wrong = await giveDose(pet.id, { batch: 'WRONG-9', manufacturer: 'Indian Immunologicals' });
    await giveDose(pet.id, { batch: 'RB-7788', correctsId: wrong.id });
    await giveDose(pet.id, {
      vaccineId: SEEDED_VACCINE_IDS.dhppi,
      givenOn: addDays(today(), -10),
      batch: 'DH-4411',
      manufacturer: 'Zoetis',
      expiresOn: addDays(today(), 120),
    });

    const res = await download(owner, pet.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toContain('no-store');
    const { text, qr } = await readPdf(res.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    for (const shown of [
      'Vaccination certificate',
      'मोती',
      'Indian Pariah',
      'Male',
      formatDay('2023-04-12'),
      'White blaze on chest',
      '985112345678901',
      'Asha Verma',
      'RB-7788',
      'MSD Animal Health',
      'DH-4411',
      'Zoetis',
      formatDay(addDays(today(), 120)),
      formatDay(addDays(today(), -10)),
      'Rabies',
      'Dr. Kishore Sharma',
      'Corrected entry',
      t.config.CLINIC_NAME,
      t.config.CLINIC_ADDRESS,
      `Issued on ${formatDay(today())}`,
    ]) {
      expect(flat, shown).toContain(shown);
    }
    // The entry the correction replaced is not on the certificate.
    expect(flat).not.toContain('WRONG-9');
    expect(flat).not.toContain('Indian Immunologicals');

    // Not shared yet: downloading made a code, listed with the owner's links, and the QR opens its page.
    const [made] = json(await shares(owner, pet.id), Shares);
    expect(made).toBeDefined();
    expect(qr).toBe(`https://clinic.example/verify/${made!.code}`);
    // Downloading again reuses it.
    const again = await readPdf((await download(owner, pet.id)).rawPayload);
    expect(again.qr).toBe(qr);
    expect(json(await shares(owner, pet.id), Shares)).toHaveLength(1);

    // After sharing, the PDF's QR opens the newest shared link.
    const shared = json(await share(owner, pet.id), CertificateShareSchema);
    expect(shared.url).toBe(`https://clinic.example/verify/${shared.code}`);
    const after = await readPdf((await download(owner, pet.id)).rawPayload);
    expect(after.qr).toBe(shared.url);
  });

  it('says when no dose is recorded yet, and names a pet with no microchip as such', async () => {
    const owner = await t.buildUser();
    const pet = await petOf(owner, { name: 'Kitty', species: 'cat' });
    const { text } = await readPdf((await download(owner, pet.id)).rawPayload);
    expect(text).toContain('No vaccination or treatment is recorded yet.');
    expect(text).toContain('Not known');
  });

  it('refuses a microchip number that is no chip number', async () => {
    const owner = await t.buildUser();
    const res = await as(t.app, owner, {
      method: 'POST',
      url: '/api/pets',
      payload: { name: 'Rex', species: 'dog', microchip: 'abc' },
    });
    expectError(res, 400, 'VALIDATION', PET_MSG.microchipInvalid);
  });
});

describe('verification', () => {
  it('shows a genuine code the certificate as it stands, nothing about the owner; withdrawn and forged codes are 404', async () => {
    const owner = await t.buildUser({ name: 'Rohan Mehta', phone: '9123456780' });
    const pet = await petOf(owner, { name: 'Sheru', breed: 'Labrador', microchip: '900000000000001' });
    await giveDose(pet.id, { batch: 'LOT-55' });
    const mine = json(await share(owner, pet.id), CertificateShareSchema);

    const res = await verify(mine.code);
    const v = json(res, VerificationSchema);
    expect(v).toMatchObject({
      valid: true,
      pet: { name: 'Sheru', species: 'dog', breed: 'Labrador', microchip: '900000000000001' },
      issuedAt: mine.createdAt,
      clinic: { name: t.config.CLINIC_NAME },
    });
    expect(v.doses).toEqual([expect.objectContaining({ batch: 'LOT-55', vaccineName: 'Rabies', correction: false })]);
    for (const secret of ['Rohan Mehta', owner.user.email, '9123456780', owner.user.id, pet.id]) {
      expect(res.body).not.toContain(secret);
    }
    // A dose recorded later shows at once: the page is the record now.
    await giveDose(pet.id, { vaccineId: SEEDED_VACCINE_IDS.dhppi, batch: 'LATER-1', givenOn: today() });
    expect(json(await verify(mine.code), VerificationSchema).doses.map((d) => d.batch)).toContain('LATER-1');

    // Withdrawn: 404 with the page's message.
    json(await withdraw(owner, pet.id, mine.code), Shares);
    expectError(await verify(mine.code), 404, 'NOT_FOUND', CERTIFICATE_MSG.notFound);
    // Forged: a well-formed code nobody issued, one changed by a letter, and text that is no code at all.
    expectError(await verify(randomBytes(16).toString('base64url')), 404, 'NOT_FOUND');
    const other = json(await share(owner, pet.id), CertificateShareSchema);
    const flipped = other.code.slice(0, -1) + (other.code.endsWith('A') ? 'B' : 'A');
    expectError(await verify(flipped), 404, 'NOT_FOUND');
    expectError(await verify('..%2F..%2Fetc'), 404, 'NOT_FOUND');
    expectError(await verify('x'.repeat(99)), 404, 'NOT_FOUND');
    expectError(await verify('x'.repeat(101)), 414, 'BAD_REQUEST');
    expect((await verify(other.code)).statusCode).toBe(200);
  });

  it('stops answering once the owner withdraws the code a downloaded PDF carries', async () => {
    const owner = await t.buildUser();
    const pet = await petOf(owner);
    const { qr } = await readPdf((await download(owner, pet.id)).rawPayload);
    const code = qr!.split('/').pop()!;
    expect((await verify(code)).statusCode).toBe(200);
    json(await withdraw(owner, pet.id, code), Shares);
    expectError(await verify(code), 404, 'NOT_FOUND');
    // The next download carries a new code.
    const next = await readPdf((await download(owner, pet.id)).rawPayload);
    expect(next.qr).not.toBe(qr);
    expect((await verify(next.qr!.split('/').pop()!)).statusCode).toBe(200);
  });
});

describe('limits', () => {
  it(`holds at most ${CERTIFICATE_CODES_MAX} links per pet, also when asked for at once`, async () => {
    const owner = await t.buildUser();
    const pet = await petOf(owner);
    const answers = await Promise.all(Array.from({ length: CERTIFICATE_CODES_MAX + 3 }, () => share(owner, pet.id)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(CERTIFICATE_CODES_MAX);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expectError(r, 409, 'CONFLICT', CERTIFICATE_MSG.tooManyCodes);
    }
    const list = json(await shares(owner, pet.id), Shares);
    expect(list).toHaveLength(CERTIFICATE_CODES_MAX);
    expect(new Set(list.map((s) => s.code)).size).toBe(CERTIFICATE_CODES_MAX);
    // Downloading at the cap reuses the newest link rather than failing.
    const { qr } = await readPdf((await download(owner, pet.id)).rawPayload);
    expect(qr).toBe(list[0]!.url);
    // Withdrawing one makes room for one.
    json(await withdraw(owner, pet.id, list[2]!.code), Shares);
    expect((await share(owner, pet.id)).statusCode).toBe(201);
    expectError(await share(owner, pet.id), 409, 'CONFLICT');
  });

  it('makes one code when two downloads of a pet never shared come at once', async () => {
    const owner = await t.buildUser();
    const pet = await petOf(owner);
    const [a, b] = await Promise.all([download(owner, pet.id), download(owner, pet.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(json(await shares(owner, pet.id), Shares)).toHaveLength(1);
  });

  it(
    'stops a customer who asks for certificates and links over and over; staff printing is not counted',
    { timeout: 120_000 },
    async () => {
      const owner = await t.buildUser();
      const pet = await petOf(owner);
      for (let i = 0; i < RATE_LIMIT; i += 1) expect((await download(owner, pet.id)).statusCode).toBe(200);
      const refused = await download(owner, pet.id);
      expectError(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expectError(await share(owner, pet.id), 429, 'RATE_LIMITED');
      // Another customer and staff are not held back by it.
      const other = await t.buildUser();
      expect((await download(other, await petOf(other).then((p) => p.id))).statusCode).toBe(200);
      for (let i = 0; i < RATE_LIMIT + 1; i += 1) expect((await download(staff, pet.id)).statusCode).toBe(200);
    },
  );
});

describe('the audit log', () => {
  it("records staff printing and the owner's sharing and withdrawing", async () => {
    const owner = await t.buildUser({ name: 'Meera Iyer' });
    const pet = await petOf(owner, { name: 'Tiger' });
    expect((await download(staff, pet.id)).statusCode).toBe(200);
    const mine = json(await share(owner, pet.id), CertificateShareSchema);
    json(await withdraw(owner, pet.id, mine.code), Shares);
    // The owner's own download is not an entry.
    expect((await download(owner, pet.id)).statusCode).toBe(200);

    const entries = json(
      await as(t.app, admin, { method: 'GET', url: `/api/audit?limit=50` }),
      z.array(AuditEntrySchema),
    ).filter((e) => e.subjectId === pet.id);
    expect(entries.map((e) => [e.kind, e.actor.name])).toEqual([
      ['certificate.withdrawn', 'Meera Iyer'],
      ['certificate.shared', 'Meera Iyer'],
      ['certificate.printed', 'Dr. Kishore Sharma'],
    ]);
    expect(entries[2]!.summary).toBe("Printed Tiger's vaccination certificate for Meera Iyer");
    // The log never holds a whole code.
    expect(JSON.stringify(entries)).not.toContain(mine.code);
  });
});
