import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClinicSettingsShapeSchema, type ClinicSettings } from '#shared/clinic-settings';
import { GSTIN_MSG } from '#shared/gst';
import { rowsOf } from '../db/client.ts';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';
import { json } from '../test/json.ts';

/* The clinic's tax setup (decision 053) through PUT /api/settings/clinic. */

let t: TestContext;
let admin: { token: string };
let employee: { token: string };
let customer: { token: string };

beforeAll(async () => {
  t = await createTestApp({ CLINIC_NAME: 'Pawcare Pet Clinic', CLINIC_ADDRESS: '4 MG Road, Bengaluru 560001' });
  admin = await t.buildUser({ role: 'admin' });
  employee = await t.buildUser({ role: 'employee' });
  customer = await t.buildUser();
});
afterAll(() => t.close());

async function stored(): Promise<ClinicSettings> {
  const res = await t.app.inject({ method: 'GET', url: '/api/settings/clinic', headers: t.auth(admin.token) });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ClinicSettingsShapeSchema);
}
const put = (token: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/settings/clinic', headers: token ? t.auth(token) : {}, payload });

async function auditSummaries(): Promise<string[]> {
  const rows = rowsOf<{ summary: string }>(
    await t.database.db.execute(
      sql`select summary from audit_log where kind = 'settings.clinic_changed' order by at, id`,
    ),
  );
  return rows.map((r) => r.summary);
}

describe('the clinic tax setup', () => {
  it('starts from the clinic name and the state its address lies in, with no GSTIN and prices that include GST', async () => {
    expect(await stored()).toMatchObject({
      legalName: 'Pawcare Pet Clinic',
      gstin: null,
      stateCode: '29',
      invoicePrefix: 'PC',
      pricesIncludeTax: true,
    });
  });

  it('saves the legal name, GSTIN, state, prefix and price basis, written in capitals, with an audit entry', async () => {
    const before = await stored();
    const res = await put(admin.token, {
      ...before,
      legalName: 'Pawcare Veterinary Services LLP',
      gstin: ' 29aagcb7383j1z4 ',
      invoicePrefix: 'pw1',
      pricesIncludeTax: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({
      legalName: 'Pawcare Veterinary Services LLP',
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
      invoicePrefix: 'PW1',
      pricesIncludeTax: false,
    });
    expect((await auditSummaries()).at(-1)).toBe(
      'Changed the clinic settings: legal name Pawcare Veterinary Services LLP; GSTIN 29AAGCB7383J1Z4; invoice prefix PW1; GST added to prices',
    );
  });

  it('keeps the stored tax setup when a client that predates it sends the rest', async () => {
    const before = await stored();
    const { legalName, gstin, stateCode, invoicePrefix, pricesIncludeTax, ...rest } = before;
    const res = await put(admin.token, { ...rest, maxUnpaidOrders: before.maxUnpaidOrders === 3 ? 4 : 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toMatchObject({ legalName, gstin, stateCode, invoicePrefix, pricesIncludeTax });
  });

  it('refuses a GSTIN with a typing mistake, in a wrong format, or of another state, naming the field', async () => {
    const before = await stored();
    const entries = (await auditSummaries()).length;
    const cases: [object, string][] = [
      [{ ...before, gstin: '29AAGCB7383J1Z5' }, GSTIN_MSG.check],
      [{ ...before, gstin: '29AAGCB7383J1' }, GSTIN_MSG.format],
      [{ ...before, gstin: '66AAGCB7383J1Z4' }, GSTIN_MSG.state],
      // A Maharashtra GSTIN for a clinic in Karnataka, sent with the state and without it.
      [
        { ...before, gstin: '27AAPFU0939F1ZV' },
        "This GSTIN is registered in another state: the clinic's state is Karnataka (29), so its GSTIN starts with 29.",
      ],
      [{ legalName: 'x', gstin: '27AAPFU0939F1ZV', ...withoutTax(before) }, 'registered in another state'],
      [{ ...before, stateCode: '99' }, 'Choose the state of the clinic (its two-digit GST state code).'],
      [{ ...before, invoicePrefix: 'PAWCA' }, 'The invoice prefix must be 1 to 4 capital letters or digits.'],
      [{ ...before, invoicePrefix: 'P/C' }, 'The invoice prefix must be 1 to 4 capital letters or digits.'],
      [{ ...before, pricesIncludeTax: 'yes' }, 'Say whether prices include GST (true or false).'],
      [{ ...before, legalName: 'x'.repeat(121) }, 'The legal name must be at most 120 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await put(admin.token, body);
      expectError(res, 400, 'VALIDATION');
      const details = res.json<{ details: { path: string; message: string }[] }>().details;
      expect(details.map((d) => d.message).join(' | '), JSON.stringify(body)).toContain(message);
    }
    expect(await stored()).toEqual(before);
    expect(await auditSummaries()).toHaveLength(entries);
  });

  it('lets only an admin change it', async () => {
    const before = await stored();
    const body = { ...before, gstin: null };
    expectError(await put(undefined, body), 401);
    expectError(await put(customer.token, body), 403);
    expectError(await put(employee.token, body), 403);
    expect(await stored()).toEqual(before);
  });
});

function withoutTax(s: ClinicSettings) {
  const { legalName: _l, gstin: _g, stateCode: _s, invoicePrefix: _i, pricesIncludeTax: _p, ...rest } = s;
  return rest;
}
