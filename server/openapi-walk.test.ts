import { randomUUID } from 'node:crypto';
import { validateHeaderValue } from 'node:http';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { AccountTokenPurpose } from '#shared/accounts';
import { issueAccountToken } from './users/account-tokens.ts';
import { orders, pets, productImages, products, users } from './db/schema/index.ts';
import { issueDocument } from './invoices/issue.ts';
import { SEEDED_OFFERING_IDS } from './offerings/seeded.ts';
import { createTestApp, FILES, type TestContext } from './test/app.ts';

/**
 * Walks every operation of the OpenAPI document the server publishes (/api/docs/json) with hostile values, as every
 * role, and fails on any 5xx or any 4xx without our error body. The routes, their parameters and their bodies come
 * from the document, so a route added later is walked without touching this file.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  secured: boolean;
  parameters: Parameter[];
  json?: Schema;
  multipart?: Schema;
}
type Role = 'anonymous' | 'user' | 'employee' | 'admin';
interface Caller {
  role: Role;
  id: string;
  name?: string;
  headers: Record<string, string>;
}
interface Variant {
  label: string;
  path: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as
        | {
            parameters?: Parameter[];
            security?: unknown[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        secured: (op.security ?? []).length > 0,
        parameters: op.parameters ?? [],
        json: content['application/json']?.schema,
        multipart: content['multipart/form-data']?.schema,
      });
    }
  }
  return ops;
}

const MB_TEXT = 'x'.repeat(1_000_000);
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const someUuid = '7d444840-9dc0-11d1-b245-5ffdce74fad2';

/** Page cursors a client could craft: dates PostgreSQL refuses, broken shapes, bytes that are not text. */
const CURSORS = [
  b64(`0000-01-01T00:00:00.000Z|${someUuid}`),
  b64(`+010000-01-01T00:00:00.000Z|${someUuid}`),
  b64(`+275760-09-13T00:00:00.000Z|${someUuid}`),
  b64(`-000001-01-01T00:00:00.000Z|${someUuid}`),
  b64(`-271821-04-20T00:00:00.000Z|${someUuid}`),
  b64(`1e3|${someUuid}`),
  b64(`2024-01-01T00:00:00.000Z|\u0000`),
  b64(`2024-01-01T00:00:00.000Z|${someUuid}\u0000`),
  b64(`\u0000|${someUuid}`),
  Buffer.from([0xff, 0xfe, 0x00, 0x7c]).toString('base64url'),
  'not a cursor!',
];

/** Text no field should turn into a 500. */
const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u0007\u0008\u001b[2J',
  'line\rbreak',
  '\u007f\u0085\u200b\ufeff\uffff',
  MB_TEXT,
  '',
  '   ',
  "' or 1=1 --",
  '-1',
  '1e308',
  '99999999999999999999999',
  'NaN',
];

/** Dates PostgreSQL refuses or that leave the range once a day is added; sent to every field whose name says date. */
const HOSTILE_DATES = [
  '0000-01-01',
  '9999-12-31',
  '-001000-01-01',
  '+010000-01-01',
  '2024-02-30',
  '1999-12-31 at 10:00',
  '2100-12-31 at 23:59',
];

/** The hostile values of one field: crafted cursors and dates go to the fields whose names say they hold them. */
const hostileFor = (name: string) => [
  ...HOSTILE_TEXT,
  ...(/cursor|before|after/i.test(name) ? CURSORS : []),
  ...(/date|schedule|time|day/i.test(name) ? HOSTILE_DATES : []),
];

/** Values of the wrong type (or of absurd size) for JSON fields. */
const WRONG_TYPES: unknown[] = [null, true, 0, -1, 1.5, -1e308, 1e308, 2 ** 53 + 2, [], ['x'], {}, { $gt: '' }];

const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
let fresh = 0;
/** A live token of the account link the operation being walked takes (reset, verification, invitation), if any. */
let liveToken = 'walk';

/** A plausible value for a field, so that a request with one hostile field gets past the others. */
function sample(s: Schema | undefined, name: string, caller: Caller): unknown {
  if (!s) return 'x';
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null && v !== '') ?? s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives)
    return sample(
      alternatives.find((a) => a.type !== 'null' && !(a.enum?.length === 1 && a.enum[0] === null)) ?? alternatives[0],
      name,
      caller,
    );
  if (s.allOf?.length) return sample(Object.assign({}, ...s.allOf) as Schema, name, caller);
  if (s.default !== undefined) return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, sample(p, k, caller)]));
    case 'array':
      return [sample(s.items, name, caller)];
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    default:
      return sampleText(s, name, caller);
  }
}

function sampleText(s: Schema, name: string, caller: Caller): string {
  if (/^serviceId$/i.test(name)) return SEEDED_OFFERING_IDS.checkup;
  if (/^petId$/i.test(name)) return walkPetId;
  if (s.format === 'uuid' || /id$/i.test(name)) return caller.id;
  if (/^month$/i.test(name)) return soon.slice(0, 7);
  if (/email/i.test(name)) return `walk-${(fresh += 1)}@example.com`;
  if (/phone/i.test(name)) return '9876543210';
  if (/^pin$/i.test(name)) return '560001';
  if (/^token$/i.test(name)) return liveToken;
  if (/^newPassword$/i.test(name)) return `walk-secret-${(fresh += 1)}`;
  if (/password/i.test(name)) return 'secret123';
  if (/schedule/i.test(name)) return `${soon} at 10:00`;
  if (/birth/i.test(name)) return '2020-05-17';
  if (/date/i.test(name)) return soon;
  if (/name/i.test(name)) return 'Walk Tester';
  if (/key/i.test(name)) return `walk-key-${(fresh += 1)}`;
  return 'walk';
}

/** Bytes of text with each lone surrogate kept as its WTF-8 bytes, as a careless client sends it. */
function wtf8(s: string): Buffer {
  if (!/[\ud800-\udfff]/.test(s)) return Buffer.from(s, 'utf8');
  const out: Buffer[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out.push(Buffer.from(s.slice(i, i + 2), 'utf8'));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out.push(Buffer.from([0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]));
    } else {
      out.push(Buffer.from(s[i]!, 'utf8'));
    }
  }
  return Buffer.concat(out);
}

const encoded = new Map<string, string>();
/** Percent-encodes the WTF-8 bytes of text for a URL. */
function encodeLoose(s: string): string {
  let out = encoded.get(s);
  if (out === undefined) {
    out = '';
    for (const b of wtf8(s))
      out += /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    encoded.set(s, out);
  }
  return out;
}

const queryString = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeLoose(v)}`)
    .join('&');

/** Every leaf of a sample body, as a path of keys. */
function leaves(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [at];
}

function withLeaf(value: unknown, at: (string | number)[], leaf: unknown): unknown {
  if (at.length === 0) return leaf;
  const copy = (Array.isArray(value) ? Array.from<unknown>(value) : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[at[0]!] = withLeaf(copy[at[0]!], at.slice(1), leaf);
  return copy;
}

const headerOk = (v: string) => {
  try {
    validateHeaderValue('x', v);
    return true;
  } catch {
    return false;
  }
};

const show = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 40)}...(${text.length} chars)` : text;
};

/** Hostile variants of an operation's parameters and JSON body, one field at a time. */
function variantsOf(op: Operation, caller: Caller): Variant[] {
  const params = op.parameters;
  // Reads use the caller's own id (to get past existence checks); writes a random one, so the walk never deletes
  // or demotes its own callers. Product paths (the catalogue's, the cart's) take the walk's own product, and the pet
  // photo's and documents' operations, which change nothing but the photo or add a document, the walk's own pet; the
  // invoice operations, the walk's own invoice (and its order).
  const pathId = /^\/api\/(products|cart\/items)\//.test(op.path)
    ? walkProductId
    : /^\/api\/invoices\/\{id\}/.test(op.path)
      ? walkInvoiceId
      : op.path === '/api/orders/{id}/invoice'
        ? walkOrderId
        : op.method === 'GET' || op.path === '/api/pets/{id}/photo' || op.path === '/api/pets/{id}/documents'
          ? op.path.startsWith('/api/pets/')
            ? walkPetId
            : caller.id
          : randomUUID();
  const basePath = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, pathId]));
  const baseQuery = Object.fromEntries(
    params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema, p.name, caller))]),
  );
  const baseHeaders = () =>
    Object.fromEntries(
      params.filter((p) => p.in === 'header').map((p) => [p.name, String(sample(p.schema, p.name, caller))]),
    );
  const body = op.json ? sample(op.json, 'body', caller) : undefined;
  const json = (b: unknown) => ({ payload: JSON.stringify(b), contentType: 'application/json' });
  // The body every parameter variant carries: the plausible JSON body, or the plausible form.
  const form = op.multipart ? multipartForm(formParts(op.multipart, caller)) : undefined;
  const basePayload = form
    ? { payload: form.payload, contentType: form.headers['content-type'] }
    : body === undefined
      ? undefined
      : json(body);
  const out: Variant[] = [];
  const add = (label: string, v: Partial<Variant> & { contentType?: string }) => {
    const headers = { ...baseHeaders(), ...(v.headers ?? {}) };
    const payload = v.payload ?? basePayload?.payload;
    if (payload !== undefined && !('content-type' in headers))
      headers['content-type'] = v.contentType ?? basePayload?.contentType ?? 'application/json';
    out.push({ label, path: v.path ?? basePath, query: v.query ?? queryString(baseQuery), headers, payload });
  };

  add('baseline', {});
  for (const p of params) {
    for (const value of hostileFor(p.name)) {
      const label = `${p.in} ${p.name}=${show(value)}`;
      if (p.in === 'path') add(label, { path: { ...basePath, [p.name]: encodeLoose(value) } });
      if (p.in === 'query') add(label, { query: queryString({ ...baseQuery, [p.name]: value }) });
      if (p.in === 'header' && headerOk(value)) add(label, { headers: { [p.name]: value } });
    }
    if (p.in === 'query') {
      add(`query ${p.name} twice`, { query: `${queryString(baseQuery)}&${p.name}=1&${p.name}=2` });
      add(`query ${p.name}[]`, { query: `${queryString(baseQuery)}&${p.name}[a]=1` });
    }
  }
  if (body !== undefined) {
    for (const at of leaves(body)) {
      for (const value of [...hostileFor(String(at[at.length - 1])), ...WRONG_TYPES])
        add(`body ${at.join('.')}=${show(value)}`, json(withLeaf(body, at, value)));
    }
    for (const raw of [
      '{',
      '{"a":',
      'null',
      '[]',
      '"text"',
      '123',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '\u0000',
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    ]) {
      add(`raw body ${show(raw)}`, { payload: raw });
    }
    add('raw body of 1.5 MB', { payload: JSON.stringify({ pad: 'x'.repeat(1_500_000) }) });
    add('raw body with invalid UTF-8', {
      payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0x22, 0x7d]),
    });
    for (const type of [
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'application/jsonx',
      'multipart/form-data',
    ]) {
      add(`content-type ${type}`, { headers: { 'content-type': type } });
    }
    add('multipart form to a JSON operation', { ...multipartForm([{ name: 'a', value: 'b' }]) });
  }
  if (op.multipart) {
    for (const [label, m] of multipartVariants(op.multipart, caller))
      add(`multipart ${label}`, { payload: m.payload, headers: m.headers });
  }
  return out;
}

interface Part {
  name: string;
  value?: string;
  filename?: string;
  data?: Buffer;
}

function multipartForm(parts: Part[], opts: { boundary?: string; contentType?: string; truncate?: boolean } = {}) {
  const boundary = opts.boundary ?? `walk${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const fileHeader =
      p.filename === undefined
        ? []
        : [Buffer.from('; filename="'), wtf8(p.filename), Buffer.from('"\r\nContent-Type: application/octet-stream')];
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
      wtf8(p.name),
      Buffer.from('"'),
      ...fileHeader,
      Buffer.from('\r\n\r\n'),
    );
    chunks.push(p.data ?? wtf8(p.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (opts.truncate) payload = payload.subarray(0, Math.floor(payload.length / 2));
  return { payload, headers: { 'content-type': opts.contentType ?? `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The parts of a plausible form: each text field sampled, each file a small PNG. An optional reference to another
 * record (`bookingId`) is left out unless a variant sets it: no sample names a record the form could point at.
 */
function formParts(
  schema: Schema,
  caller: Caller,
  over: { text?: Record<string, string>; file?: Partial<Part>; extra?: Part[] } = {},
): Part[] {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  return [
    ...Object.entries(props)
      .filter(([, p]) => p.format !== 'binary')
      .filter(([k]) => required.has(k) || !/Id$/.test(k) || over.text?.[k] !== undefined)
      .map(([k, p]) => ({ name: k, value: over.text?.[k] ?? String(sample(p, k, caller)) })),
    ...Object.entries(props)
      .filter(([, p]) => p.format === 'binary')
      .map(([k]) => ({ name: k, filename: 'proof.png', data: FILES.png, ...over.file })),
    ...(over.extra ?? []),
  ];
}

/** Hostile variants of a multipart form: each text field, each file's name and bytes, and broken framing. */
function multipartVariants(
  schema: Schema,
  caller: Caller,
): [string, { payload: Buffer; headers: Record<string, string> }][] {
  const props = schema.properties ?? {};
  const files = Object.keys(props).filter((k) => props[k]!.format === 'binary');
  const texts = Object.keys(props).filter((k) => !files.includes(k));
  const form = (over: Parameters<typeof formParts>[2] = {}) => formParts(schema, caller, over);
  const out: [string, { payload: Buffer; headers: Record<string, string> }][] = [];
  const add = (label: string, m: { payload: Buffer; headers: Record<string, string> }) => out.push([label, m]);

  for (const k of texts)
    for (const value of hostileFor(k)) add(`${k}=${show(value)}`, multipartForm(form({ text: { [k]: value } })));
  for (const name of [
    '\u0000.png',
    'a\u0000b.png',
    '\ud800.png',
    'x\udfff.png',
    '\u0007\r\n.png',
    '../../etc/passwd',
    'a'.repeat(5000),
    '',
    '"quoted".png',
    '%00.png',
  ]) {
    add(`file name ${show(name)}`, multipartForm(form({ file: { filename: name } })));
  }
  add('file of 6 MB', multipartForm(form({ file: { data: Buffer.alloc(6 * 1024 * 1024, 1) } })));
  add('empty file', multipartForm(form({ file: { data: Buffer.alloc(0) } })));
  add('two files', multipartForm(form({ extra: [{ name: files[0] ?? 'file', filename: 'b.png', data: FILES.png }] })));
  add(
    'file under an unknown field',
    multipartForm(form({ extra: [{ name: 'other\u0000', filename: 'c.png', data: FILES.png }] })),
  );
  add(
    '50 fields',
    multipartForm(form({ extra: Array.from({ length: 50 }, (_, i) => ({ name: `f${i}`, value: 'v' })) })),
  );
  add('field of 1 MB', multipartForm(form({ extra: [{ name: texts[0] ?? 'field', value: MB_TEXT }] })));
  add('no boundary', multipartForm(form(), { contentType: 'multipart/form-data' }));
  add('wrong boundary', multipartForm(form(), { contentType: 'multipart/form-data; boundary=nothing-like-it' }));
  add('truncated body', multipartForm(form(), { truncate: true }));
  add('empty body', { payload: Buffer.alloc(0), headers: { 'content-type': 'multipart/form-data; boundary=x' } });
  add('JSON instead of a form', {
    payload: Buffer.from(JSON.stringify(Object.fromEntries(texts.map((k) => [k, sample(props[k], k, caller)])))),
    headers: { 'content-type': 'application/json' },
  });
  return out;
}

function urlOf(op: Operation, v: Variant): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => v.path[name] ?? 'x');
  return v.query ? `${path}?${v.query}` : path;
}

/** What is wrong with an answer, or undefined when it is fine: no 5xx, and every 4xx carries our error body. */
function problemOf(res: { statusCode: number; body: string }): string | undefined {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return undefined;
  let body: { error?: unknown; message?: unknown; code?: unknown };
  try {
    body = JSON.parse(res.body) as typeof body;
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 100)}`;
  }
  if (typeof body.error !== 'string' || typeof body.code !== 'string' || body.message !== body.error) {
    return `status ${res.statusCode} body lacks error, message and code: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

let t: TestContext;
let ops: Operation[];
/** A pet of the customer caller: reads of a pet and bookings for a pet use it, so the handlers are reached. */
let walkPetId: string;
/** A product of the walk's own, with a picture: the product, picture and cart operations reach their handlers. */
let walkProductId: string;
/** An order of the walk's customer with its invoice: the invoice operations reach their handlers. */
let walkOrderId: string;
let walkInvoiceId: string;
const callers = {} as Record<Role, Caller>;

beforeAll(async () => {
  t = await createTestApp();
  ops = operationsOf(t.app.swagger() as never);
  callers.anonymous = { role: 'anonymous', id: randomUUID(), headers: {} };
  for (const role of ['user', 'employee', 'admin'] as const) {
    const { user, token } = await t.buildUser({ role });
    callers[role] = { role, id: user.id, name: user.name, headers: t.auth(token) };
  }
  const [pet] = await t.database.db
    .insert(pets)
    .values({ ownerId: callers.user.id, name: 'Walk', species: 'dog' })
    .returning();
  walkPetId = pet!.id;
  const [product] = await t.database.db
    .insert(products)
    .values({
      name: 'Walk Product',
      price: '100.00',
      rating: '4.0',
      category: 'Toys',
      image: 'x',
      details: 'walk',
      stock: 50,
    })
    .returning();
  walkProductId = String(product!.id);
  await t.database.db
    .insert(productImages)
    .values({ productId: product!.id, data: FILES.png, mime: 'image/png', size: FILES.png.length });
  const address = {
    name: 'Walk',
    pin: '560001',
    city: 'B',
    house: '1',
    landmark: 'P',
    state: 'Karnataka',
    country: 'India',
  };
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId: callers.user.id,
      idempotencyKey: 'walk',
      paymentMethod: 'cod',
      address,
      total: '100.00',
      customerName: 'Walk',
      customerEmail: 'walk@example.com',
    })
    .returning();
  walkOrderId = order!.id;
  const supplier = { legalName: 'Walk', gstin: null, stateCode: '29', address: 'B' };
  const invoice = await t.database.db.transaction((tx) =>
    issueDocument(tx, {
      kind: 'invoice',
      series: 'WALK',
      issuedAt: new Date(),
      timeZone: 'Asia/Kolkata',
      customer: { id: callers.user.id, name: 'Walk', email: 'walk@example.com', gstin: null, address },
      placeOfSupply: '29',
      supplier,
      pricesIncludeTax: true,
      lines: [
        {
          description: 'Walk Product',
          hsnSac: '9503',
          quantity: 1,
          unitPrice: 10000,
          discount: 0,
          gstRate: 0,
          productId: product!.id,
          taxable: 10000,
          cgst: 0,
          sgst: 0,
          igst: 0,
          total: 10000,
        },
      ],
      orderId: order!.id,
      issuedBy: null,
    }),
  );
  walkInvoiceId = invoice.id;
}, 120_000);
afterAll(() => t.close());

/**
 * Signing out everywhere (and a password change) voids the callers' tokens: each gets a token of its account's
 * current session version again, so the operations after those still reach their handlers.
 */
async function refreshTokens() {
  const roles = ['user', 'employee', 'admin'] as const;
  const rows = await t.database.db
    .select({ id: users.id, sv: users.sessionVersion })
    .from(users)
    .where(
      inArray(
        users.id,
        roles.map((r) => callers[r].id),
      ),
    );
  for (const role of roles) {
    const c = callers[role];
    const sv = rows.find((r) => r.id === c.id)?.sv;
    if (sv !== undefined) c.headers = t.auth(t.app.signToken({ id: c.id, role, name: c.name! }, sv));
  }
}

/** Which account links take a token, by the path of the operation that uses it. */
const TOKEN_PURPOSES: [RegExp, AccountTokenPurpose][] = [
  [/reset-password$/, 'reset'],
  [/verify-email$/, 'verify'],
  [/accept-invitation$/, 'invite'],
];

/** A fresh live token for an operation that takes one (of an account of its own), so its baseline is reached. */
async function tokenFor(path: string): Promise<string> {
  const purpose = TOKEN_PURPOSES.find(([re]) => re.test(path))?.[1];
  if (!purpose) return 'walk';
  const { user } = await t.buildUser();
  return issueAccountToken(t.database.db, user.id, purpose);
}

/** Sends every variant of every operation; public operations take the roles in turn, secured ones each role. */
async function walk(roles: Role[], pick: (op: Operation) => boolean) {
  const problems: string[] = [];
  /** Operations whose plausible baseline succeeded for at least one role: the walk reaches their handlers. */
  const reached = new Set<string>();
  let sent = 0;
  for (const op of ops.filter(pick)) {
    for (const [r, role] of roles.entries()) {
      const caller = callers[role];
      const send = async (v: Variant) => {
        const req: InjectOptions = {
          method: op.method,
          url: urlOf(op, v),
          headers: { ...caller.headers, ...v.headers },
          payload: v.payload,
        };
        const res = await t.app.inject(req);
        sent += 1;
        // A password change or a sign-out voids the caller's token.
        if (res.statusCode < 300 && op.method !== 'GET') await refreshTokens();
        const problem = problemOf(res);
        if (problem) problems.push(`${role} ${op.method} ${op.path} [${v.label}] -> ${problem}`);
        return res.statusCode;
      };
      liveToken = await tokenFor(op.path);
      const [baseline, ...variants] = variantsOf(op, caller);
      const baselineStatus = await send(baseline!);
      if (baselineStatus < 300) reached.add(`${op.method} ${op.path}`);
      // Every variant as every role that gets past the role check. A public operation, or a role refused outright,
      // runs the same code whoever calls: there the roles share the variants, each sending every fourth.
      const shared = !op.secured || baselineStatus === 401 || baselineStatus === 403;
      for (const [i, v] of variants.entries()) {
        if (shared && i % roles.length !== r) continue;
        await send(v);
      }
    }
  }
  return { problems, sent, reached };
}

const ROLES: Role[] = ['anonymous', 'user', 'employee', 'admin'];

describe('the OpenAPI walk', () => {
  it('finds the whole API in the document', () => {
    expect(ops.length).toBeGreaterThanOrEqual(35);
    expect(ops.some((op) => op.multipart)).toBe(true);
    expect(ops.filter((op) => op.parameters.some((p) => p.name === 'cursor')).length).toBeGreaterThanOrEqual(11);
  });

  it('no operation answers 5xx to hostile parameters and JSON bodies, as any role', async () => {
    const { problems, sent, reached } = await walk(ROLES, (op) => !op.multipart);
    expect(sent).toBeGreaterThan(1000);
    // The samples stay plausible: most operations' handlers (and so the database) see the hostile values.
    expect(reached.size / ops.filter((op) => !op.multipart).length).toBeGreaterThan(0.6);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  }, 240_000);

  it('no operation answers 5xx to hostile multipart forms, as any role', async () => {
    const { problems, reached } = await walk(ROLES, (op) => !!op.multipart);
    expect(reached.size).toBe(ops.filter((op) => op.multipart).length);
    expect(problems.slice(0, 40), `${problems.length} problems`).toEqual([]);
  }, 240_000);
});
