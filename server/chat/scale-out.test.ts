import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/chat';
import { RESYNC_EVENT } from '#shared/realtime';
import { seedEssentials } from '../seed.ts';
import { createTestApp, type TestContext } from '../test/app.ts';
import { createTestDatabase } from '../test/db.ts';
import { startProxy, type CuttableProxy } from '../test/proxy.ts';
import { createUser } from '../users/service.ts';
import { Inbox, nextEvent, openConnected, send, type ClientSocket } from '../test/socket.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const twoProcesses = !!process.env.TEST_DATABASE_URL && !!process.env.REDIS_URL;

/** Starts `node server/main.ts` on port 0 and resolves with its base URL once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'server', 'main.ts'), [], {
      cwd: root,
      execArgv: [],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // A hang guard: on a loaded two-core CI machine (the checks lane runs at a lower priority beside the browser
    // lane) two processes starting at once have taken over 30 s.
    const timer = setTimeout(() => reject(new Error('server process did not start within 120 s')), 120_000);
    child.on('message', (m: { ready?: boolean; port?: number }) => {
      if (m.ready && m.port) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${m.port}` });
      }
    });
    child.once('exit', (code) => reject(new Error(`server process exited with code ${code}`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function login(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The checks both variants run: a customer on `customerUrl`, an employee on `employeeUrl`, chatting both ways. */
function chatsBothWays(
  urls: () => { customerUrl: string; employeeUrl: string },
  tokens: () => { customer: string; employee: string; customerId: string },
) {
  const sockets: ClientSocket[] = [];
  afterAll(() => sockets.forEach((s) => s.disconnect()));

  it("delivers a customer's message to the employee and the employee's reply and broadcast to the customer, once each", async () => {
    const { customerUrl, employeeUrl } = urls();
    const { customer, employee, customerId } = tokens();
    const staff = await openConnected(employeeUrl, employee);
    const cust = await openConnected(customerUrl, customer);
    sockets.push(staff, cust);
    const staffInbox = new Inbox(staff);
    const customerInbox = new Inbox(cust);

    const question = { message: 'Can Bruno come in tomorrow?', clientMessageId: randomUUID() };
    expect(await send(cust, question)).toMatchObject({ ok: true });
    expect(await staffInbox.waitFor((m) => m.message === question.message)).toMatchObject({
      senderId: customerId,
      senderRole: 'user',
    });

    expect(await send(staff, { message: 'Yes, 10:30 works', receiverId: customerId })).toMatchObject({ ok: true });
    expect(await customerInbox.waitFor((m) => m.message === 'Yes, 10:30 works')).toMatchObject({
      senderRole: 'employee',
      customerId,
    });

    // A resend reaching the other process is still answered from the shared database, not delivered again.
    const other = await openConnected(employeeUrl, customer);
    sockets.push(other);
    const resent = await send(other, question);
    expect(resent.ok && resent.message.message).toBe(question.message);

    await send(staff, { message: 'We are open on Sunday', receiverId: 'all' });
    await customerInbox.waitFor((m) => m.message === 'We are open on Sunday');
    await send(cust, { message: 'Thanks!' });
    await staffInbox.waitFor((m) => m.message === 'Thanks!');
    expect(staffInbox.count(question.message)).toBe(1);
    expect(customerInbox.texts()).toEqual(['Yes, 10:30 works', 'We are open on Sunday']);
  });
}

if (twoProcesses)
  describe('chat across two server processes sharing PostgreSQL and Redis', () => {
    const servers: ChildProcess[] = [];
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let a = '';
    let b = '';
    const tok = { customer: '', employee: '', customerId: '', employeeId: '' };
    // Each process reaches Redis through a proxy of its own, so a test can take Redis away from one or both of them
    // (and from nobody else on this machine).
    let proxyA: CuttableProxy;
    let proxyB: CuttableProxy;
    const proxies = {
      cut: () => [proxyA, proxyB].forEach((p) => p.cut()),
      restore: () => [proxyA, proxyB].forEach((p) => p?.restore()),
    };

    beforeAll(async () => {
      const target = new URL(process.env.REDIS_URL!);
      proxyA = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
      proxyB = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
      database = await createTestDatabase();
      await seedEssentials(database.db);
      const password = 'secret123';
      const customer = await createUser(database, {
        role: 'user',
        name: 'Pet Owner',
        email: `c-${randomUUID().slice(0, 8)}@example.com`,
        password,
        phone: '9876543210',
      });
      const employee = await createUser(database, {
        role: 'employee',
        name: 'Clinic Staff',
        email: `e-${randomUUID().slice(0, 8)}@example.com`,
        password,
        phone: '9876543210',
      });
      const env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: database.url!,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        JWT_SECRET: randomBytes(32).toString('hex'),
      };
      const [one, two] = await Promise.all([
        startServer({
          ...env,
          REDIS_URL: proxyA.urlFor(process.env.REDIS_URL!),
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawcare-a-')),
        }),
        startServer({
          ...env,
          REDIS_URL: proxyB.urlFor(process.env.REDIS_URL!),
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'pawcare-b-')),
        }),
      ]);
      servers.push(one.child, two.child);
      a = one.url;
      b = two.url;
      tok.customer = await login(a, customer.email, password);
      tok.employee = await login(b, employee.email, password);
      tok.customerId = customer.id;
      tok.employeeId = employee.id;
    }, 180_000);

    afterAll(async () => {
      proxies.restore();
      await Promise.all(servers.map(stopServer));
      await database?.close();
      await Promise.all([proxyA?.close(), proxyB?.close()]);
    });

    it('runs two processes on different ports', () => {
      expect(a).not.toBe(b);
    });
    chatsBothWays(
      () => ({ customerUrl: a, employeeUrl: b }),
      () => tok,
    );

    describe('while Redis is away', () => {
      const sockets: ClientSocket[] = [];
      afterAll(() => sockets.forEach((s) => s.disconnect()));
      const status = async (url: string) => (await fetch(url)).status;
      /** What /readyz says of Redis (the process stays ready either way). */
      const redisOf = async (url: string) => ((await (await fetch(url)).json()) as { redis: string }).redis;
      const asEmployee = () => ({ headers: { authorization: `Bearer ${tok.employee}` } });

      it('tells the sender a message is queued, keeps /api/chat/online and /readyz answering, and the staff on the other process catch up once Redis is back', async () => {
        const staff = await openConnected(b, tok.employee);
        const cust = await openConnected(a, tok.customer);
        sockets.push(staff, cust);
        const staffInbox = new Inbox(staff);

        proxies.cut();
        await expect.poll(() => redisOf(`${a}/readyz`), { timeout: 15_000 }).toBe('unavailable');
        await expect.poll(() => redisOf(`${b}/readyz`), { timeout: 15_000 }).toBe('unavailable');
        // Both processes still serve: ready, degraded.
        expect([await status(`${a}/readyz`), await status(`${b}/readyz`)]).toEqual([200, 200]);
        const online = await fetch(`${b}/api/chat/online`, asEmployee());
        expect(online.status).toBe(200);
        expect(await online.json()).toMatchObject({ partial: true });

        const resync = nextEvent(staff, RESYNC_EVENT);
        const texts = Array.from({ length: 5 }, (_, i) => `Sent from A during the outage, number ${i + 1}`);
        for (const message of texts) {
          // Stored, but the other process cannot be reached: the ack says it is queued, not that it was delivered.
          expect(await send(cust, { message })).toMatchObject({ ok: true, queued: true, message: { message } });
        }

        proxies.restore();
        // Process B tells its clients to refetch; what they fetch holds every message sent during the outage.
        await resync;
        const inbox = await fetch(`${b}/api/chat/employee/${tok.employeeId}?limit=200`, asEmployee());
        const stored = ((await inbox.json()) as ChatMessage[]).map((m) => m.message);
        expect(stored).toEqual(expect.arrayContaining(texts));
        await expect.poll(() => redisOf(`${a}/readyz`), { timeout: 15_000 }).toBe('ready');
        await expect.poll(() => redisOf(`${b}/readyz`), { timeout: 15_000 }).toBe('ready');

        // Live delivery between the processes works again.
        const back = await send(cust, { message: 'Redis is back' });
        expect(back).toMatchObject({ ok: true });
        expect(back).not.toHaveProperty('queued');
        await staffInbox.waitFor((m) => m.message === 'Redis is back');
      });

      for (const order of ['the sender’s process first', 'the staff’s process first'] as const) {
        it(`delivers messages held during an outage live, once each, when the links come back one after the other (${order})`, async () => {
          const staff = await openConnected(b, tok.employee);
          const cust = await openConnected(a, tok.customer);
          sockets.push(staff, cust);
          const staffInbox = new Inbox(staff);

          proxies.cut();
          await expect.poll(() => redisOf(`${a}/readyz`), { timeout: 15_000 }).toBe('unavailable');
          await expect.poll(() => redisOf(`${b}/readyz`), { timeout: 15_000 }).toBe('unavailable');
          const texts = Array.from({ length: 4 }, (_, i) => `Held on A (${order}), number ${i + 1}`);
          for (const message of texts) expect(await send(cust, { message })).toMatchObject({ ok: true, queued: true });

          const [first, second] = order === 'the sender’s process first' ? [proxyA, proxyB] : [proxyB, proxyA];
          const [firstUrl, secondUrl] = order === 'the sender’s process first' ? [a, b] : [b, a];
          first.restore();
          await expect.poll(() => redisOf(`${firstUrl}/readyz`), { timeout: 15_000 }).toBe('ready');
          second.restore();
          await expect.poll(() => redisOf(`${secondUrl}/readyz`), { timeout: 15_000 }).toBe('ready');
          // Each arrives live on the staff's socket (not only through the refetch a resync asks for), and once.
          for (const message of texts) await staffInbox.waitFor((m) => m.message === message);
          expect(texts.map((m) => staffInbox.count(m))).toEqual(texts.map(() => 1));
        });
      }

      it('delivers what one process could not publish to the other processes, live, once its Redis is back', async () => {
        const staff = await openConnected(b, tok.employee);
        const cust = await openConnected(a, tok.customer);
        sockets.push(staff, cust);
        const staffInbox = new Inbox(staff);

        // Only process A loses Redis; B keeps its link, so B has nothing to resync on its own.
        proxyA.cut();
        await expect.poll(() => redisOf(`${a}/readyz`), { timeout: 15_000 }).toBe('unavailable');
        expect(await redisOf(`${b}/readyz`)).toBe('ready');
        const message = 'Held on A while its Redis link was down';
        expect(await send(cust, { message })).toMatchObject({ ok: true, queued: true });

        proxyA.restore();
        expect(await staffInbox.waitFor((m) => m.message === message)).toMatchObject({ senderId: tok.customerId });
        expect(staffInbox.count(message)).toBe(1);
      });
    });
  });
else
  describe('chat across processes NEEDS TEST_DATABASE_URL and REDIS_URL (not both set): checking delivery both ways within one process instead', () => {
    let t: TestContext;
    let url = '';
    const tok = { customer: '', employee: '', customerId: '' };
    beforeAll(async () => {
      t = await createTestApp();
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const customer = await t.buildUser({ role: 'user', name: 'Pet Owner' });
      const employee = await t.buildUser({ role: 'employee', name: 'Clinic Staff' });
      Object.assign(tok, { customer: customer.token, employee: employee.token, customerId: customer.user.id });
    });
    afterAll(() => t.close());
    chatsBothWays(
      () => ({ customerUrl: url, employeeUrl: url }),
      () => tok,
    );
  });
