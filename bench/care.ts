/**
 * npm run bench:care: do the clinic's "Due and overdue" list (GET /api/care/due) and one pet's record reads (its
 * doses, care status, prescriptions and weights) stay as fast with 100,000 pets and years of doses as with 1,000?
 *
 * One scratch PostgreSQL database per size is migrated by the app and seeded here in SQL: `n` pets (dogs and cats,
 * two per owner), each with three protocols (rabies, DHPPi or FVRCP, deworming) given once a year for
 * BENCH_CARE_YEARS years (so 100,000 pets hold 1.2 million doses at the default 4), its due row per protocol (the
 * latest dose's next due date, spread so that about one in ten is overdue and as many due soon), a weight every two
 * months of the last year and two prescriptions. Every pet holds the same record whatever the size, so a pet's reads
 * should not move with the number of pets; the due list reads a page of an index range. One server process
 * (server/main.ts) runs per database; each request is measured on every server, rounds rotating which goes first,
 * one request in flight for SECONDS per server: p50 and p99 per size and the ratio of each size to the smallest
 * (median of the per-round ratios of p50s).
 *
 * Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), BENCH_CARE_SIZES (1000,100000),
 * BENCH_CARE_YEARS (4), BENCH_CARE_ROUNDS (3), BENCH_CARE_SECONDS (1).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { createScratchDatabase, type ScratchDatabase } from '../server/db/scratch.ts';
import { SEEDED_VACCINE_IDS } from '../server/vaccines/seeded.ts';
import { machine, median, ms, percentile, ratio, sorted, startChild, stopChild } from './child.ts';
import { fmt, signToken } from './history.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const list = (name: string, def: number[]) =>
  process.env[name] ? process.env[name].split(',').map((x) => Number(x.trim())) : def;
const SIZES = list('BENCH_CARE_SIZES', [1000, 100_000]);
const YEARS = num('BENCH_CARE_YEARS', 4);
const ROUNDS = num('BENCH_CARE_ROUNDS', 3);
const SECONDS = num('BENCH_CARE_SECONDS', 1);
const BASE_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('hex');
const TZ = 'Asia/Kolkata';

const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const c of cleanups.splice(0).reverse()) await c().catch((err: unknown) => console.error(err));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
process.stdout.on('error', () => undefined);

const sizeLabel = (n: number) => (n % 1000 === 0 ? `${n / 1000}k` : String(n));

interface Side {
  label: string;
  n: number;
  scratch: ScratchDatabase;
  port: number;
  child: ChildProcess;
  token: string;
  /** The pet whose record is read: the same place in the seed at every size. */
  petId: string;
  counts: string;
}

/** The seed, statement by statement, with what each one is for (printed with its time). */
function seedStatements(n: number): [string, string][] {
  const { rabies, dhppi, fvrcp, deworming } = SEEDED_VACCINE_IDS;
  const owners = Math.ceil(n / 2);
  return [
    [
      'staff',
      `insert into users (name, email, password_hash, phone, role)
       values ('Bench Vet', 'vet@bench.local', 'not-a-login', '9800000000', 'employee')`,
    ],
    [
      'owners',
      `insert into users (name, email, password_hash, phone, address, blood_group, role)
       select 'Owner ' || i, 'owner' || i || '@bench.local', 'not-a-login', (9100000000 + i)::text,
              i || ' Bench Street, Kolkata', 'O+', 'user'
         from generate_series(1, ${owners}) i`,
    ],
    [
      'pets',
      `insert into pets (owner_id, name, species, birth_date)
       select u.id, 'Pet ' || i, case when i % 2 = 0 then 'dog' else 'cat' end, current_date - 2200
         from generate_series(1, ${n}) i
         join users u on u.email = 'owner' || ((i + 1) / 2) || '@bench.local'`,
    ],
    [
      'helper table',
      `create temp table bench_pets as
       select substr(name, 5)::int as i, id, owner_id, species from pets`,
    ],
    [
      'doses',
      `insert into vaccinations (pet_id, vaccine_id, vaccine_name, product, manufacturer, batch, expires_on, given_on,
                                 given_by_name, dose_number, series_doses, next_due_on, recorded_at)
       select p.id, v.id, v.name, v.name, 'Bench Labs', 'B' || p.i || '-' || k,
              d.given + 200, d.given, 'Bench Vet', ${YEARS} - k, v.series_doses, d.given + 365,
              d.given::timestamp at time zone '${TZ}'
         from bench_pets p
         join vaccines v on v.id = any (case when p.species = 'dog'
                                             then array['${rabies}', '${dhppi}', '${deworming}']::uuid[]
                                             else array['${rabies}', '${fvrcp}', '${deworming}']::uuid[] end)
         cross join generate_series(0, ${YEARS - 1}) k
         cross join lateral (select current_date - ((p.i * 7 + abs(hashtext(v.id::text)) % 97) % 400) - 365 * k
                                    as given) d`,
    ],
    [
      'due rows',
      `insert into pet_care_due (pet_id, vaccine_id, owner_id, species, next_due_on, next_dose_number, last_given_on,
                                 last_dose_id)
       select distinct on (v.pet_id, v.vaccine_id) v.pet_id, v.vaccine_id, p.owner_id, p.species, v.next_due_on,
              v.dose_number + 1, v.given_on, v.id
         from vaccinations v join bench_pets p on p.id = v.pet_id
        order by v.pet_id, v.vaccine_id, v.given_on desc`,
    ],
    [
      'weights',
      `insert into pet_weights (pet_id, weight_kg, measured_on, recorded_by_name)
       select p.id, 10 + (p.i % 20) + k / 10.0, current_date - 60 * k, 'Bench Vet'
         from bench_pets p cross join generate_series(0, 5) k`,
    ],
    [
      'prescriptions',
      `insert into prescriptions (pet_id, owner_id, drug, strength, dose, frequency, duration_days, quantity, refills,
                                  prescribed_by_name, created_at)
       select p.id, p.owner_id, 'Meloxicam', '1.5 mg/ml', '0.5 ml', 'Once a day', 7, 1, 2, 'Bench Vet',
              now() - make_interval(days => 90 * k)
         from bench_pets p cross join generate_series(0, 1) k`,
    ],
    ['analyze', 'analyze'],
  ];
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function startSide(n: number): Promise<Side> {
  const label = sizeLabel(n);
  const scratch = await createScratchDatabase(BASE_DB, `pawcare_bench_care_${label.toLowerCase()}`);
  cleanups.push(() => scratch.drop());
  const { openDatabase } = await import('../server/db/client.ts');
  await (await openDatabase({ databaseUrl: scratch.url, poolSize: 1 })).close();
  const seeded = await withClient(scratch.url, async (c) => {
    const times: string[] = [];
    for (const [what, text] of seedStatements(n)) {
      const t = performance.now();
      await c.query(text);
      times.push(`${what} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const vet = (await c.query<{ id: string }>(`select id from users where email = 'vet@bench.local'`)).rows[0]!;
    const pet = (await c.query<{ id: string }>(`select id from pets where name = 'Pet ${Math.ceil(n / 2)}'`)).rows[0]!;
    const counts = (
      await c.query<{ doses: number; due: number; overdue: number; soon: number }>(
        `select (select count(*) from vaccinations)::int as doses, (select count(*) from pet_care_due)::int as due,
                (select count(*) from pet_care_due where next_due_on < current_date)::int as overdue,
                (select count(*) from pet_care_due where next_due_on between current_date and current_date + 14)::int
                  as soon`,
      )
    ).rows[0]!;
    return {
      vet,
      pet,
      counts: `${fmt(counts.doses)} doses, ${fmt(counts.due)} due rows (${fmt(counts.overdue)} overdue, ${fmt(counts.soon)} due in 14 days)`,
      times,
    };
  });
  console.log(`  ${label}: seeded (${seeded.times.join(', ')}); ${seeded.counts}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-care-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const server = await startChild(path.join(root, 'server', 'main.ts'), [], {
    NODE_ENV: 'production',
    REQUEST_RATE_LIMIT: '1000000000',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: scratch.url,
    REDIS_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'fatal',
    JWT_SECRET: SECRET,
    DATA_DIR: dataDir,
    CLINIC_TZ: TZ,
  });
  cleanups.push(() => stopChild(server.child));
  return {
    label,
    n,
    scratch,
    port: server.port,
    child: server.child,
    token: signToken(SECRET, { id: seeded.vet.id, role: 'employee', name: 'Bench Vet' }),
    petId: seeded.pet.id,
    counts: seeded.counts,
  };
}

/** The reads measured; `{pet}` is the side's pet. */
const READS: { name: string; url: string }[] = [
  { name: 'due list, overdue (first page)', url: '/api/care/due?state=overdue' },
  { name: 'due list, due soon (first page)', url: '/api/care/due?state=due_soon' },
  { name: "pet's doses (first page)", url: '/api/pets/{pet}/vaccinations' },
  { name: "pet's care status", url: '/api/pets/{pet}/care-status' },
  { name: "pet's prescriptions", url: '/api/pets/{pet}/prescriptions' },
  { name: "pet's weights", url: '/api/pets/{pet}/weights' },
];

async function get(side: Side, url: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${side.port}${url.replace('{pet}', side.petId)}`, {
    headers: { authorization: `Bearer ${side.token}` },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} on ${side.label}: ${res.status} ${body.slice(0, 200)}`);
  return body.length;
}

async function measure(side: Side, url: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const start = performance.now();
  do {
    const t = performance.now();
    await get(side, url);
    latencies.push(performance.now() - t);
  } while (performance.now() - start < seconds * 1000);
  return latencies;
}

interface ReadResult {
  name: string;
  sizes: Record<string, { p50: number; p99: number; ratioP50: number; bytes: number }>;
}

async function measureRead(sides: Side[], read: { name: string; url: string }): Promise<ReadResult> {
  const bytes: Record<string, number> = {};
  for (const side of sides) {
    bytes[side.label] = await get(side, read.url);
    await measure(side, read.url, 0.2);
  }
  const samples = new Map<string, number[]>(sides.map((s) => [s.label, []]));
  const ratios = new Map<string, number[]>(sides.map((s) => [s.label, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = sides.map((_, i) => sides[(i + r) % sides.length]!);
    const p50s = new Map<string, number>();
    for (const side of order) {
      const lat = await measure(side, read.url, SECONDS);
      samples.get(side.label)!.push(...lat);
      p50s.set(side.label, percentile(sorted(lat), 50));
    }
    for (const side of sides) ratios.get(side.label)!.push(p50s.get(side.label)! / p50s.get(sides[0]!.label)!);
  }
  const sizes: ReadResult['sizes'] = {};
  for (const side of sides) {
    const s = sorted(samples.get(side.label)!);
    sizes[side.label] = {
      p50: percentile(s, 50),
      p99: percentile(s, 99),
      ratioP50: median(ratios.get(side.label)!),
      bytes: bytes[side.label]!,
    };
  }
  console.log(
    `  ${read.name}: ${sides.map((s) => `${s.label} ${ms(sizes[s.label]!.p50)} / ${ms(sizes[s.label]!.p99)} ms (${ratio(sizes[s.label]!.ratioP50)})`).join(', ')}`,
  );
  return { name: read.name, sizes };
}

function table(results: ReadResult[], sides: Side[]): string {
  const labels = sides.map((s) => s.label);
  const lines = [
    `| read | ${labels.map((l) => `${l}: p50 / p99 ms`).join(' | ')} | ${labels
      .slice(1)
      .map((l) => `${l} / ${labels[0]} p50`)
      .join(' | ')} |`,
    `|---|${labels.map(() => '---|').join('')}${labels
      .slice(1)
      .map(() => '---|')
      .join('')}`,
  ];
  for (const r of results) {
    const s = labels.map((l) => r.sizes[l]!);
    lines.push(
      `| ${r.name} | ${s.map((x) => `${ms(x.p50)} / ${ms(x.p99)}`).join(' | ')} | ${s
        .slice(1)
        .map((x) => `**${ratio(x.ratioP50)}**`)
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function run() {
  console.log(
    `bench:care on PostgreSQL: ${SIZES.map((n) => n.toLocaleString('en')).join(' / ')} pets, ${YEARS} years of doses, ` +
      `${SECONDS} s per size x ${ROUNDS} rounds; ${machine()}`,
  );
  const t0 = performance.now();
  const sides: Side[] = [];
  for (const n of SIZES) sides.push(await startSide(n));
  console.log(`ready after ${((performance.now() - t0) / 1000).toFixed(0)} s:`);
  const results: ReadResult[] = [];
  for (const read of READS) results.push(await measureRead(sides, read));
  console.log(`\n${table(results, sides)}\n`);
  for (const side of sides) console.log(`${side.label}: ${side.counts}`);
  console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(0)} s; ${machine()}`);
  const outDir = path.join(root, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `care-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        sizes: SIZES,
        years: YEARS,
        counts: sides.map((s) => s.counts),
        results,
      },
      null,
      2,
    ),
  );
  console.log(`results: ${path.relative(root, file)}`);
}

try {
  await run();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
process.exit();
