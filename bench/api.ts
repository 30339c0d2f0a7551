/**
 * npm run bench:api: an authenticated read (GET /api/auth/me) and an admin list (GET /api/all-customers, first page
 * of 50 out of 1,000 customers) on PostgreSQL, served by
 *   (a) ours: the real app (server/app.ts buildApp, every plugin: helmet, CORS, rate-limit, zod, JWT, Drizzle), and
 *   (b) baseline: a minimal node:http server doing the same work by hand: verify the same HS256 JWT, load the caller
 *       from the database (role check), run the same list query through pg, JSON.stringify.
 * Each server runs in its own child process (one core each at most; autocannon runs here). Rounds alternate
 * ours/baseline (A B, B A, ...); medians of req/s, p50 and p99 are reported, and the ratio ours/baseline is the median
 * of the per-round ratios (each pair ran back to back, so shared-machine noise hits both alike).
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test: a fresh database is created and dropped),
 * API_BENCH_SECONDS (4), API_BENCH_ROUNDS (5), API_BENCH_CONNECTIONS (20), API_BENCH_LOG_LEVEL (warn: what the
 * app logs; 'info' adds a log line per request).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// autocannon ships no types; this is the part of its result we read.
// @ts-expect-error no declaration file
import autocannonUntyped from 'autocannon';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = autocannonUntyped as (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
import pg from 'pg';
import { createScratchDatabase } from '../server/db/scratch.ts';

const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const SECONDS = num('API_BENCH_SECONDS', 4);
const ROUNDS = num('API_BENCH_ROUNDS', 5);
const CONNECTIONS = num('API_BENCH_CONNECTIONS', 20);
const CUSTOMERS = 1000;
const POOL = 20;
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('hex');
const self = fileURLToPath(import.meta.url);

type Role = 'ours' | 'baseline';
interface ServeMessage {
  serve: Role;
  databaseUrl: string;
  secret: string;
}

// ---------------------------------------------------------------- child processes: the two servers

async function serveOurs(msg: ServeMessage): Promise<number> {
  const { buildApp } = await import('../server/app.ts');
  const { loadConfig } = await import('../server/config.ts');
  const { openDatabase } = await import('../server/db/client.ts');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: msg.databaseUrl,
    JWT_SECRET: msg.secret,
    DATA_DIR: path.join(os.tmpdir(), 'pawcare-bench-api'),
    LOG_LEVEL: process.env.API_BENCH_LOG_LEVEL ?? 'warn',
    // The bench hammers from one address and a few accounts; login and the request budget are not measured here.
    LOGIN_RATE_LIMIT_IP: '1000000',
    REQUEST_RATE_LIMIT: '1000000000',
  });
  const database = await openDatabase({ databaseUrl: msg.databaseUrl, poolSize: POOL });
  const app = await buildApp({
    config,
    database,
    logger: { level: config.LOG_LEVEL, stream: { write: () => undefined } },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** Verifies an HS256 JWT the way any careful hand-written server would: signature, algorithm, expiry. */
function verifyJwt(token: string, secret: string): { sub: string; sv?: number } | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'HS256') return null;
  const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as { sub?: string; sv?: number; exp?: number };
  if (!payload.sub || (payload.exp && payload.exp * 1000 < Date.now())) return null;
  return { sub: payload.sub, sv: payload.sv };
}

/** A row of USER_COLUMNS. */
type UserRow = Record<string, unknown> & {
  id: string;
  role: string;
  created_at: Date;
  session_version: number;
  ended?: boolean;
};

const USER_COLUMNS = `u.id, u.name, u.email, u.phone, u.address, u.blood_group, u.role, u.created_at,
  u.reminder_emails, u.email_verified_at, u.session_version,
  exists (select 1 from identity_proofs p where p.user_id = u.id) as has_proof`;

/** The caller's own account, as /api/auth/me answers it (shared/auth.ts UserSchema, in the schema's key order). */
function userDto(r: Record<string, unknown>) {
  return {
    _id: r.id,
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    address: r.address ?? null,
    bloodGroup: r.blood_group ?? null,
    role: r.role,
    image: `/api/avatar?name=${encodeURIComponent(String(r.name))}`,
    hasIdentityProof: r.has_proof,
    createdAt: (r.created_at as Date).toISOString(),
    reminderEmails: r.reminder_emails,
    emailVerified: r.email_verified_at !== null,
  };
}

/** A row of the admin's lists (AdminUserSchema): no address, blood group or reminder switch. */
function adminUserDto(r: Record<string, unknown>) {
  const { address: _a, bloodGroup: _b, reminderEmails: _r, ...row } = userDto(r);
  return row;
}

/**
 * The caller, loaded as our auth check loads it: the user, whether this token was logged out, and the token's
 * session version against the account's (a token without one counts as version 1).
 */
async function caller(pool: pg.Pool, claims: { sub: string; sv?: number }, token: string) {
  const { rows } = await pool.query<UserRow>(
    `select ${USER_COLUMNS}, exists (select 1 from ended_sessions e where e.token_hash = $2) as ended
       from users u where u.id = $1 limit 1`,
    [claims.sub, createHash('sha256').update(token).digest('base64url')],
  );
  const row = rows[0];
  return row && !row.ended && row.session_version === (claims.sv ?? 1) ? row : undefined;
}

async function serveBaseline(msg: ServeMessage): Promise<number> {
  const pool = new pg.Pool({ connectionString: msg.databaseUrl, max: POOL });
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const auth = req.headers.authorization?.match(/^Bearer\s+(.+)$/i);
      const claims = auth ? verifyJwt(auth[1]!, msg.secret) : null;
      if (!claims) return send(res, 401, { error: 'Please log in to continue', code: 'UNAUTHENTICATED' });
      const url = req.url?.split('?')[0];
      if (url === '/api/auth/me') {
        const me = await caller(pool, claims, auth![1]!);
        if (!me) return send(res, 401, { error: 'Your session has expired', code: 'UNAUTHENTICATED' });
        // The account's fields, and the same under `user` (the spec's shape, decision 043).
        const dto = userDto(me);
        return send(res, 200, { ...dto, user: dto });
      }
      if (url === '/api/all-customers') {
        // The same work our auth check does (the whole public user, as /api/auth/me needs it).
        const me = await caller(pool, claims, auth![1]!);
        if (!me) return send(res, 401, { error: 'Your session has expired', code: 'UNAUTHENTICATED' });
        if (me.role !== 'admin') return send(res, 403, { error: 'Forbidden', code: 'FORBIDDEN' });
        const limit = 50;
        const { rows } = await pool.query<UserRow>(
          `select ${USER_COLUMNS} from users u where u.role = any($1) order by u.created_at desc, u.id desc limit $2`,
          [['user'], limit + 1],
        );
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        if (rows.length > limit && last) {
          res.setHeader(
            'x-next-cursor',
            Buffer.from(`${last.created_at.toISOString()}|${last.id}`).toString('base64url'),
          );
        }
        return send(res, 200, page.map(adminUserDto));
      }
      return send(res, 404, { error: 'Not found', code: 'NOT_FOUND' });
    } catch {
      send(res, 500, { error: 'Internal', code: 'INTERNAL' });
    }
  };
  const server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

// ---------------------------------------------------------------- the orchestrator

function startServer(role: Role, databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  // API_BENCH_PROFILE=dir writes a CPU profile of our server (open it in Chrome DevTools).
  const profile =
    role === 'ours' && process.env.API_BENCH_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.API_BENCH_PROFILE}`]
      : [];
  const child = fork(self, ['--serve'], {
    execArgv: [...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port }));
    child.once('exit', (code) => reject(new Error(`${role} server exited (${code})`)));
    child.send({ serve: role, databaseUrl, secret: SECRET } satisfies ServeMessage);
  });
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(port: number, url: string, token: string, seconds: number): Promise<Sample> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** An HS256 token like the app's (same claims), signed with the shared secret. */
function signJwt(payload: Record<string, unknown>): string {
  const h = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const p = Buffer.from(JSON.stringify({ ...payload, iat: now, exp: now + 3600 })).toString('base64url');
  const s = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${s}`;
}

async function seed(databaseUrl: string) {
  const { openDatabase } = await import('../server/db/client.ts');
  const { users } = await import('../server/db/schema/index.ts');
  const { hashPassword } = await import('../server/users/service.ts');
  const database = await openDatabase({ databaseUrl });
  try {
    const passwordHash = await hashPassword('bench-password');
    const [admin] = await database.db
      .insert(users)
      .values({ name: 'Bench Admin', email: 'admin@bench.local', passwordHash, phone: '9000000000', role: 'admin' })
      .returning();
    const rows = Array.from({ length: CUSTOMERS }, (_, i) => ({
      name: `Customer ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))} Number`,
      email: `customer${i}@bench.local`,
      passwordHash,
      phone: String(9100000000 + i),
      address: `${i} Bench Street`,
      bloodGroup: 'O+',
      role: 'user' as const,
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    for (let i = 0; i < rows.length; i += 250) await database.db.insert(users).values(rows.slice(i, i + 250));
    const [customer] = await database.db
      .insert(users)
      .values({ name: 'Me Myself', email: 'me@bench.local', passwordHash, phone: '9200000000' })
      .returning();
    return { admin: admin!, customer: customer! };
  } finally {
    await database.close();
  }
}

async function main() {
  const scratch = await createScratchDatabase(BASE_DB, 'pawcare_bench_api');
  const databaseUrl = scratch.url;
  const servers: ChildProcess[] = [];
  try {
    const people = await seed(databaseUrl);
    const adminToken = signJwt({ sub: people.admin.id, role: 'admin', name: people.admin.name });
    const userToken = signJwt({ sub: people.customer.id, role: 'user', name: people.customer.name });

    const ours = await startServer('ours', databaseUrl);
    const base = await startServer('baseline', databaseUrl);
    servers.push(ours.child, base.child);

    const endpoints = [
      { label: 'GET /api/auth/me', url: '/api/auth/me', token: userToken },
      { label: 'GET /api/all-customers', url: '/api/all-customers', token: adminToken },
    ];

    // Same answers from both, before measuring anything.
    for (const e of endpoints) {
      const [a, b] = await Promise.all(
        [ours.port, base.port].map((port) =>
          fetch(`http://127.0.0.1:${port}${e.url}`, { headers: { authorization: `Bearer ${e.token}` } }),
        ),
      );
      const [ja, jb] = [await a!.json(), await b!.json()];
      if (a!.status !== 200 || JSON.stringify(ja) !== JSON.stringify(jb)) {
        const show = (j: unknown) => JSON.stringify(Array.isArray(j) ? j[0] : j);
        throw new Error(
          `${e.label}: ours (${a!.status}) and baseline (${b!.status}) disagree\n  ours ${show(ja)}\n  base ${show(jb)}`,
        );
      }
      if (e.url === '/api/all-customers' && (ja as unknown[]).length !== 50)
        throw new Error('expected a first page of 50');
    }

    console.log(
      `bench:api on PostgreSQL, ${CUSTOMERS} customers, ${CONNECTIONS} connections, ${SECONDS}s x ${ROUNDS} rounds per server, ` +
        `pool ${POOL}, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    const rows: string[] = [];
    for (const e of endpoints) {
      // Warm-up: JIT, pools, caches.
      await load(ours.port, e.url, e.token, 2);
      await load(base.port, e.url, e.token, 2);
      const samples: Record<Role, Sample[]> = { ours: [], baseline: [] };
      for (let r = 0; r < ROUNDS; r++) {
        const order: Role[] = r % 2 ? ['baseline', 'ours'] : ['ours', 'baseline'];
        for (const who of order)
          samples[who].push(await load(who === 'ours' ? ours.port : base.port, e.url, e.token, SECONDS));
      }
      const bad = [...samples.ours, ...samples.baseline].reduce((n, s) => n + s.non2xx + s.errors, 0);
      if (bad) throw new Error(`${e.label}: ${bad} failed requests`);
      const m = (who: Role, k: keyof Sample) => median(samples[who].map((s) => s[k]));
      const ratio = median(samples.ours.map((s, i) => s.rps / samples.baseline[i]!.rps));
      rows.push(
        `| ${e.label} | ${m('ours', 'rps').toFixed(0)} | ${m('baseline', 'rps').toFixed(0)} | **${ratio.toFixed(2)}** | ` +
          `${m('ours', 'p50').toFixed(1)} / ${m('ours', 'p99').toFixed(1)} | ${m('baseline', 'p50').toFixed(1)} / ${m('baseline', 'p99').toFixed(1)} | ` +
          `${samples.ours.map((s) => s.rps.toFixed(0)).join(', ')} vs ${samples.baseline.map((s) => s.rps.toFixed(0)).join(', ')} |`,
      );
    }
    console.log('');
    console.log(
      '| endpoint | ours req/s | baseline req/s | ratio ours/baseline | ours p50 / p99 ms | baseline p50 / p99 ms | rounds (req/s) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
  } finally {
    for (const c of servers) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }
}

if (process.send && process.argv.includes('--serve')) {
  // A normal exit on SIGTERM, so --cpu-prof can write its profile.
  process.once('SIGTERM', () => process.exit(0));
  process.once('message', (msg: ServeMessage) => {
    void (msg.serve === 'ours' ? serveOurs(msg) : serveBaseline(msg)).then(
      (port) => process.send!({ port }),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
} else {
  await main();
}
