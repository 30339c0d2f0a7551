import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { User } from '#shared/auth';
import type { Role } from '#shared/roles';
import { NEXT_CURSOR_HEADER } from '#shared/common';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { countAnalyticsIn } from '../analytics/service.ts';
import { seedEssentials } from '../seed.ts';
import { createUser } from '../users/service.ts';
import { createTestDatabase } from './db.ts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Creates a user of a role directly in the database and returns it with a valid token. */
  buildUser(
    overrides?: Partial<{ role: Role; name: string; email: string; password: string; phone: string; address: string }>,
  ): Promise<{ user: User; token: string; password: string }>;
  /** `authorization` header for a token. */
  auth(token: string): { authorization: string };
  close(): Promise<void>;
}

/** Test configuration: quiet logs, a fixed secret, a throw-away data dir. Overrides win. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `pawcare-test-${randomBytes(4).toString('hex')}`);
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      JWT_SECRET: 'test-secret-'.padEnd(48, 'x'),
      // Every injected request comes from one address; tests of the limits themselves pass low values.
      LOGIN_RATE_LIMIT_IP: '10000',
      LOGIN_RATE_LIMIT_EMAIL: '10000',
      REGISTER_RATE_LIMIT_IP: '10000',
      FORGOT_PASSWORD_RATE_LIMIT_IP: '10000',
      FORGOT_PASSWORD_RATE_LIMIT_EMAIL: '10000',
      VERIFICATION_RESEND_RATE_LIMIT: '10000',
      BOOKING_RATE_LIMIT: '10000',
      // Tests book many times as one customer; tests of the cap pass their own BOOKING_MAX_OPEN (or set it in the
      // clinic settings).
      BOOKING_MAX_OPEN: '1000',
      // The clinic opens every day, so a test that books "tomorrow" or "in 5 days" passes on any day of the week;
      // tests of the weekly hours save their own clinic settings.
      CLINIC_HOURS: 'Mon-Sun 09:00-18:00',
      ORDER_RATE_LIMIT: '10000',
      REQUEST_RATE_LIMIT: '1000000',
      // Test files run in parallel against one Redis: each app counts under its own keys.
      REDIS_KEY_PREFIX: `pawcare-test-${randomBytes(4).toString('hex')}`,
    },
    overrides,
  );
}

/** A built app (not listening) on a fresh database, with the products seeded. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { webDir?: string } = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const database = await createTestDatabase();
  await seedEssentials(database.db);
  await countAnalyticsIn(database.db, config.CLINIC_TZ);
  const app = await buildApp({ config, database, webDir: opts.webDir ?? path.join(os.tmpdir(), 'pawcare-no-web') });
  await app.ready();
  let n = 0;
  const ctx: TestContext = {
    app,
    database,
    config,
    async buildUser(o = {}) {
      n += 1;
      const password = o.password ?? 'secret123';
      const user = await createUser(database, {
        role: o.role ?? 'user',
        name:
          o.name ??
          `Test ${['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'][n % 5]} ${String.fromCharCode(65 + (n % 26))}`,
        email: o.email ?? `u${n}-${randomUUID().slice(0, 8)}@example.com`,
        password,
        phone: o.phone ?? '9876543210',
        address: o.address,
      });
      return { user, token: app.signToken(user), password };
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await database.close();
    },
  };
  return ctx;
}

/**
 * For a file that builds apps of its own configurations: the returned function builds one (`defaults`, then its
 * `overrides`), and every app it built is closed after the file's tests.
 */
export function appsForFile(defaults: Partial<Config> = {}): (overrides?: Partial<Config>) => Promise<TestContext> {
  const apps: TestContext[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  return async (overrides = {}) => {
    const t = await createTestApp({ ...defaults, ...overrides });
    apps.push(t);
    return t;
  };
}

/** Builds a multipart body (like a browser's FormData) for app.inject. */
export async function multipart(fields: Record<string, string | { data: Buffer; filename: string; type?: string }>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type ?? 'application/octet-stream' }), v.filename);
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

/** Smallest valid files of each kind, for identity-proof tests. */
export const FILES = {
  /** A 1x1 PNG that decodes (pet photos are re-encoded, so a picture must be one). */
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8ffffff7f0009fb03fd08d1e81e0000000049454e44ae426082',
    'hex',
  ),
  /** PNG's signature and header, with image data that does not decode. */
  brokenPng: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
    'hex',
  ),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8L'),
    Buffer.from('0d0000002f0000000007d0ff0100', 'hex'),
  ]),
  gif: Buffer.from('474946383961010001000000002c00000000010001000002003b', 'hex'),
  text: Buffer.from('just some text, not an image'),
};

/** Asserts an error answer: its status, our `{ error, message, code }` shape, and optionally the exact message. */
export function expectError(
  res: { statusCode: number; json(): unknown },
  status: number,
  code?: string,
  message?: string | RegExp,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json() as { error?: unknown; message?: unknown; code?: unknown };
  expect(body.error).toEqual(expect.any(String));
  expect(body.message).toBe(body.error);
  expect(body.code).toEqual(code ?? expect.any(String));
  if (typeof message === 'string') expect(body.error).toBe(message);
  else if (message) expect(body.error).toMatch(message);
}

/** The `X-Next-Cursor` header of a page (undefined on the last page); fails if the server sent it more than once. */
export function nextCursor(res: { headers: Record<string, unknown> }): string | undefined {
  const cursor = res.headers[NEXT_CURSOR_HEADER];
  if (cursor !== undefined && typeof cursor !== 'string') {
    throw new Error(`${NEXT_CURSOR_HEADER} is not one string: ${JSON.stringify(cursor)}`);
  }
  return cursor;
}

/**
 * Follows `X-Next-Cursor` from `start` (none: the first page) to the last page, each page asserted 200 and at most
 * `limit` long; returns the pages' items in order. Stops with a failure after 50 pages rather than loop for ever.
 */
export async function walkPages<T>(
  fetchPage: (
    cursor: string | undefined,
  ) => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>,
  opts: { limit?: number; start?: string } = {},
): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor = opts.start;
  let pages = 0;
  do {
    const res = await fetchPage(cursor);
    expect(res.statusCode).toBe(200);
    const page = res.json() as T[];
    if (opts.limit !== undefined) expect(page.length).toBeLessThanOrEqual(opts.limit);
    items.push(...page);
    cursor = nextCursor(res);
    pages += 1;
  } while (cursor && pages < 50);
  expect(cursor, 'still more pages after 50').toBeUndefined();
  return { items, pages };
}
