import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '../db/scratch.ts';
import { seedEssentials } from '../seed.ts';
import { testConfig } from '../test/app.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';
import { openSocket, refusal, connected } from '../test/socket.ts';
import { createUser } from '../users/service.ts';

const base = process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL going away and coming back, seen through a cuttable proxy between the app and its database (the
 * machine's PostgreSQL itself keeps running for everyone else).
 */
describe.runIf(base)('a database outage', () => {
  let scratch: ScratchDatabase;
  let proxy: CuttableProxy;
  let database: Database;
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(base!, 'pawcare_t');
    const direct = await openDatabase({ databaseUrl: scratch.url });
    await seedEssentials(direct.db);
    const user = await createUser(direct, {
      role: 'user',
      name: 'Outage Tester',
      email: 'outage@example.com',
      password: 'secret123',
      phone: '9876543210',
    });
    await direct.close();

    const target = new URL(base!);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlFor(scratch.url), poolSize: 2, connectTimeoutMs: 1000 });
    app = await buildApp({ config: testConfig(), database, webDir: path.join(os.tmpdir(), 'pawcare-no-web') });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    token = app.signToken(user);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('answers 503 "temporarily unavailable" (not 401) while PostgreSQL is away, and the same token works once it is back', async () => {
    expect((await me()).statusCode).toBe(200);

    proxy.cut();
    const during = await me();
    expect(during.statusCode, during.body).toBe(503);
    expect(during.json()).toMatchObject({
      code: 'UNAVAILABLE',
      error: 'The service is temporarily unavailable. Retrying...',
    });
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    // Public reads and logins say the same, instead of a 500 or "Invalid credentials".
    expect((await app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(503);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'outage@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(503);

    proxy.restore();
    // The pool dropped the connections that died: the first request after the outage already gets a live one.
    const after = await me();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ email: 'outage@example.com' });
  });

  it('refuses a socket handshake during the outage with a retryable error, and accepts the same token afterwards', async () => {
    proxy.cut();
    const err = (await refusal(openSocket(baseUrl, token))) as Error & {
      data?: { code?: string; retryable?: boolean };
    };
    expect(err.message).not.toBe('Authentication failed');
    expect(err.data).toMatchObject({ code: 'UNAVAILABLE', retryable: true });

    proxy.restore();
    const socket = await connected(openSocket(baseUrl, token));
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('still refuses a bad token with "Authentication failed" (401 over HTTP) while the database is up', async () => {
    const err = await refusal(openSocket(baseUrl, 'not-a-token'));
    expect(err.message).toBe('Authentication failed');
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('fails fast with 503 when connecting hangs (a dead network path), instead of holding the request for ever', async () => {
    proxy.stall();
    try {
      // The pool holds at most 2 connections, each dropped after its first failure: by the third request at the
      // latest a new connection must be dialled, and that one never gets an answer.
      for (let i = 0; i < 3; i++) {
        const res = await me();
        expect(res.statusCode, res.body).toBe(503);
      }
    } finally {
      proxy.restore();
    }
    expect((await me()).statusCode).toBe(200);
  });
});
