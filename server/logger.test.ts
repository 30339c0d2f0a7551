import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.ts';
import { seedEssentials } from './seed.ts';
import { LOG_LINE_MAX, loggerOptions } from './logger.ts';
import { FILES, multipart, testConfig } from './test/app.ts';
import { createTestDatabase } from './test/db.ts';
import { checked } from './test/json.ts';
import { serverProcesses } from './test/process.ts';

/** What the server logs: never query parameters, file bytes, hashes, tokens or a person's details; every line bounded. */

const procs = serverProcesses();
afterAll(() => procs.cleanup());

/** Log lines written to memory, as main.ts writes them to stdout. */
class Capture {
  lines: string[] = [];
  bytes = 0;
  write(line: string) {
    this.lines.push(line);
    this.bytes += Buffer.byteLength(line);
  }
  text() {
    return this.lines.join('');
  }
}

const PERSON = {
  name: 'Log Test',
  email: 'private.person@example.com',
  password: 'logtest-pass-1',
  phone: '9876543210',
  address: '77 Quiet Lane, Hiddenville',
  bloodGroup: 'O+',
};
/** A valid PNG padded to about 4 MB. */
const BIG_PROOF = Buffer.concat([FILES.png, Buffer.alloc(4 * 1024 * 1024 - FILES.png.length, 0x41)]);

function expectNothingPrivate(log: string) {
  expect(log).not.toContain('$argon2');
  expect(log).not.toContain(PERSON.email);
  expect(log).not.toContain(PERSON.address);
  expect(log).not.toContain(PERSON.password);
  // A run of the padding bytes would mean file content reached the log.
  expect(log).not.toContain('AAAAAAAAAAAAAAAA');
}

describe('the running server', () => {
  it('logs a 4 MB registration with a NUL in its file name in under 100 kB, with nothing private', async () => {
    const srv = await procs.start({ env: { LOG_LEVEL: 'info' } });
    const form = new FormData();
    for (const [k, v] of Object.entries(PERSON)) form.append(k, v);
    form.append(
      'identityProof',
      new Blob([new Uint8Array(BIG_PROOF)], { type: 'image/png' }),
      `proof\u0000${'é'.repeat(40)}.png`,
    );
    const before = srv.outputBytes();
    const res = await fetch(`${srv.base}/api/auth/register`, { method: 'POST', body: form });
    expect(res.status).not.toBe(201);
    srv.child.kill('SIGTERM');
    expect(await srv.exited).toBe(0);
    const growth = srv.outputBytes() - before;
    expect(growth).toBeLessThan(100_000);
    expectNothingPrivate(srv.output());
  }, 120_000);
});

describe('a database error carrying a hash, an e-mail and an address in its parameters', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const log = new Capture();

  beforeAll(async () => {
    const database = await createTestDatabase();
    await seedEssentials(database.db);
    // Refuses one name: the users insert (e-mail, argon2 hash, address as parameters) then fails inside the
    // database, whose error detail quotes the whole row.
    await database.db.execute(
      sql.raw(`alter table users add constraint log_test_refused check (name <> 'Refused Person')`),
    );
    app = await buildApp({
      config: testConfig(),
      database,
      logger: loggerOptions({ level: 'trace', stream: log }),
      webDir: path.join(os.tmpdir(), 'pawcare-no-web'),
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close?.());

  it('is logged with its constraint and SQL, never the values; a 4 MB upload adds under 100 kB', async () => {
    const before = log.bytes;
    const form = await multipart({
      ...PERSON,
      name: 'Refused Person',
      identityProof: { data: BIG_PROOF, filename: 'proof.png', type: 'image/png' },
    });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(log.bytes - before).toBeLessThan(100_000);
    const text = log.text();
    // Someone reading the log still learns what failed.
    expect(text).toContain('log_test_refused');
    expect(text).toContain('Failed query: insert into \\"users\\"');
    expectNothingPrivate(text);
  });

  it('never logs the token of a signed-in person, nor the query values of a search', async () => {
    const form = await multipart({
      ...PERSON,
      identityProof: { data: FILES.png, filename: 'proof.png', type: 'image/png' },
    });
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(reg.statusCode).toBe(201);
    const { token } = reg.json<{ token: string }>();
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    const search = await app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent(PERSON.email)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(search.statusCode).toBe(200);
    const text = log.text();
    expect(text).toContain('/api/users?q=…');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]);
    expectNothingPrivate(text);
  });
});

describe('every log line is bounded', () => {
  it('cuts long strings, buffers, huge errors and objects it cannot see into; redacts secrets by key', async () => {
    const log = new Capture();
    const app = Fastify({ logger: loggerOptions({ level: 'info', stream: log }) });
    const huge = 'x'.repeat(5_000_000);
    class Holder {
      readonly payload: string;
      constructor(payload: string) {
        this.payload = payload;
      }
    }
    const queryError = Object.assign(
      new Error(
        `Failed query: insert into "users" values ($1)\nparams: $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA,${huge}`,
      ),
      {
        query: 'insert into "users" values ($1)',
        params: ['$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', huge],
      },
    );
    app.log.info(
      { big: huge, file: Buffer.alloc(5_000_000), list: Array.from({ length: 10_000 }, (_, i) => i) },
      'big values',
    );
    app.log.error(queryError);
    app.log.error({ err: queryError }, 'query failed');
    app.log.error({ error: new Error(huge) }, 'error under another key');
    app.log.info(huge);
    app.log.info({ holder: new Holder(huge) }, 'class instance');
    app.log.info(
      {
        user: {
          password: 'hunter22',
          passwordHash: 'h',
          nested: { token: 'tok-123', authorization: 'Bearer abc.def' },
        },
      },
      'secrets',
    );
    await app.close();

    expect(log.lines).toHaveLength(7);
    for (const line of log.lines) {
      expect(line.length).toBeLessThanOrEqual(LOG_LINE_MAX);
      expect((): unknown => JSON.parse(line)).not.toThrow();
    }
    const text = log.text();
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('tok-123');
    expect(text).not.toContain('abc.def');
    expect(JSON.parse(log.lines[0]!)).toMatchObject({ file: '[5000000 bytes]', msg: 'big values' });
    expect(JSON.parse(log.lines[1]!)).toMatchObject({
      err: { type: 'Error', message: 'Failed query: insert into "users" values ($1)' },
    });
    expect(checked(JSON.parse(log.lines[5]!), z.looseObject({ msg: z.string() })).msg).toContain('cut to its start');
  });
});

describe('a log reader that stalls, then dies during shutdown', () => {
  it('does not keep the process from exiting', async () => {
    // The server's stdout goes to a process that never reads it, then dies.
    const reader = spawn('sleep', ['600'], { stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      const srv = await procs.start({ stdout: reader.stdin, env: { LOG_LEVEL: 'info' } });
      // About 1 MB of request logs: far more than the pipe holds, so the server's writes stall.
      const path404 = `/api/${'n'.repeat(300)}`;
      for (let i = 0; i < 50; i++) {
        await Promise.all(
          Array.from({ length: 20 }, () => fetch(`${srv.base}${path404}`).then((r) => r.arrayBuffer())),
        );
      }
      srv.child.kill('SIGTERM');
      // The reader dies while the server is shutting down (or already flushing its last lines at exit).
      await Promise.race([srv.exited, new Promise((r) => setTimeout(r, 3000))]);
      reader.kill('SIGKILL');
      expect(await srv.exited).toBe(0);
    } finally {
      reader.kill('SIGKILL');
    }
  }, 120_000);
});
