/**
 * npm run bench:uploads: does one customer's photo uploads (or many downloads of one photo) stall everyone else on
 * the embedded database? The real server (PGlite, a fresh data folder, its own process) is probed with GET /healthz
 * (the process answers) and GET /readyz (the database answers too) at a fixed rate, first calm, then while one
 * customer uploads UPLOADS_COUNT photos of about 5 MB one after another (PUT /api/pets/{id}/photo), then while
 * UPLOADS_DOWNLOADERS clients download that pet's photo over and over. The uploads and downloads run in a child
 * process of their own, so their client-side work does not delay the probes. Same server, same run: the ratios to
 * calm are what to read.
 *
 * Env: UPLOADS_COUNT (20), UPLOADS_DOWNLOADERS (8), UPLOADS_DOWNLOAD_SECONDS (5), UPLOADS_CALM_SECONDS (5),
 * UPLOADS_PROBE_GAP_MS (100 ms between probe pairs).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { demoAccounts } from '../server/test/process.ts';
import { stopChild } from './child.ts';
import { login, probeStats, startDemoServer, timed } from './probes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const num = (name: string, def: number) => (process.env[name] ? Number(process.env[name]) : def);
const UPLOADS = num('UPLOADS_COUNT', 20);
const DOWNLOADERS = num('UPLOADS_DOWNLOADERS', 8);
const DOWNLOAD_SECONDS = num('UPLOADS_DOWNLOAD_SECONDS', 5);
const CALM_SECONDS = num('UPLOADS_CALM_SECONDS', 5);
const PROBE_GAP_MS = num('UPLOADS_PROBE_GAP_MS', 100);
const PHOTO_BYTES = 5 * 1000 * 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the load child reports when its phase is over. */
interface LoadReport {
  requests: number;
  failed: number;
  statuses: Record<string, number>;
  seconds: number;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------------------------
// The load: `node bench/uploads.ts upload <base> <token> <petId> <n> <photoFile>` (n uploads, one after another)
// or `node bench/uploads.ts download <base> <token> <petId> <clients> <seconds>` (clients downloading in loops).

async function runLoad(mode: string, base: string, token: string, petId: string, a: number, b: string) {
  const report: LoadReport = { requests: 0, failed: 0, statuses: {}, seconds: 0, bytes: 0 };
  const count = (status: number, bytes: number) => {
    report.requests += 1;
    report.statuses[status] = (report.statuses[status] ?? 0) + 1;
    if (status >= 300) report.failed += 1;
    report.bytes += bytes;
  };
  const headers = { authorization: `Bearer ${token}` };
  process.send?.({ started: true });
  const t0 = performance.now();
  if (mode === 'upload') {
    const photo = readFileSync(b);
    for (let i = 0; i < a; i++) {
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      const res = await fetch(`${base}/api/pets/${petId}/photo`, { method: 'PUT', headers, body: form });
      await res.arrayBuffer();
      count(res.status, photo.length);
    }
  } else {
    const until = t0 + Number(b) * 1000;
    await Promise.all(
      Array.from({ length: a }, async () => {
        while (performance.now() < until) {
          const res = await fetch(`${base}/api/pets/${petId}/photo`, { headers });
          count(res.status, (await res.arrayBuffer()).byteLength);
        }
      }),
    );
  }
  report.seconds = (performance.now() - t0) / 1000;
  process.send?.({ done: report });
  setTimeout(() => process.exit(0), 100);
}

// ---------------------------------------------------------------------------------------------------------------

// Each probed path has a few kept-alive connections of its own; no client-side timeouts, so a stall shows in full.
const agents = {
  healthz: new http.Agent({ keepAlive: true, maxSockets: 8 }),
  readyz: new http.Agent({ keepAlive: true, maxSockets: 8 }),
};

/** A /healthz and a /readyz request every PROBE_GAP_MS, not waiting for earlier ones, until `until()` says stop. */
async function probe(base: string, until: () => boolean) {
  const healthz: number[] = [];
  const readyz: number[] = [];
  const inFlight: Promise<void>[] = [];
  while (!until()) {
    inFlight.push(timed(`${base}/healthz`, agents.healthz).then((ms) => void healthz.push(ms)));
    inFlight.push(timed(`${base}/readyz`, agents.readyz).then((ms) => void readyz.push(ms)));
    await sleep(PROBE_GAP_MS);
  }
  await Promise.all(inFlight);
  return { healthz, readyz };
}

/** A camera-like JPEG of random pixels, as large as fits under 5 MB (noise does not compress). */
async function bigPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  const pixels = randomBytes(width * height * 3);
  for (let quality = 95; quality >= 40; quality -= 5) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= PHOTO_BYTES) return jpeg;
  }
  throw new Error('could not make a photo under 5 MB');
}

/** Runs one load phase in its own process, probing until it reports. */
async function phase(base: string, args: string[], children: ChildProcess[]) {
  const load = fork(fileURLToPath(import.meta.url), args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(load);
  let report: LoadReport | undefined;
  let started = false;
  load.on('message', (m: { started?: boolean; done?: LoadReport }) => {
    if (m.started) started = true;
    if (m.done) report = m.done;
  });
  while (!started) await sleep(5);
  const probes = await probe(base, () => report !== undefined);
  return { probes, report: report! };
}

async function main() {
  console.log(
    `uploads bench: /healthz and /readyz calm (${CALM_SECONDS} s), during ${UPLOADS} uploads of ~5 MB photos by one customer, and during ${DOWNLOADERS} parallel downloads of one photo (${DOWNLOAD_SECONDS} s)`,
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-uploads-'));
  const children: ChildProcess[] = [];
  try {
    const photoFile = path.join(dataDir, 'bench-photo.jpg');
    const photo = await bigPhoto();
    writeFileSync(photoFile, photo);
    const server = await startDemoServer(dataDir);
    children.push(server.child);
    const base = `http://127.0.0.1:${server.port}`;
    const accounts = demoAccounts(dataDir);
    const customer = await login(base, accounts.user!.email, accounts.user!.password);
    const created = await fetch(`${base}/api/pets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ name: 'Bench', species: 'dog' }),
    });
    if (created.status !== 201) throw new Error(`adding a pet: ${created.status}`);
    const petId = ((await created.json()) as { id: string }).id;

    const warm = performance.now();
    await probe(base, () => performance.now() - warm > 1000);
    const calmStart = performance.now();
    const calm = await probe(base, () => performance.now() - calmStart > CALM_SECONDS * 1000);
    const uploads = await phase(base, ['upload', base, customer.token, petId, String(UPLOADS), photoFile], children);
    const downloads = await phase(
      base,
      ['download', base, customer.token, petId, String(DOWNLOADERS), String(DOWNLOAD_SECONDS)],
      children,
    );

    const rows = [
      { phase: 'calm', endpoint: '/healthz', ...probeStats(calm.healthz) },
      { phase: 'uploads', endpoint: '/healthz', ...probeStats(uploads.probes.healthz) },
      { phase: 'downloads', endpoint: '/healthz', ...probeStats(downloads.probes.healthz) },
      { phase: 'calm', endpoint: '/readyz (database)', ...probeStats(calm.readyz) },
      { phase: 'uploads', endpoint: '/readyz (database)', ...probeStats(uploads.probes.readyz) },
      { phase: 'downloads', endpoint: '/readyz (database)', ...probeStats(downloads.probes.readyz) },
    ];
    console.table(rows);
    const ratio = (a: number, b: number) => +(a / b).toFixed(2);
    const ratios = {
      uploadsHealthzP50: ratio(rows[1]!.p50, rows[0]!.p50),
      downloadsHealthzP50: ratio(rows[2]!.p50, rows[0]!.p50),
      uploadsReadyzP50: ratio(rows[4]!.p50, rows[3]!.p50),
      downloadsReadyzP50: ratio(rows[5]!.p50, rows[3]!.p50),
    };
    console.log('to calm:', ratios);
    const perSecond = (r: LoadReport) => +(r.requests / r.seconds).toFixed(1);
    console.log('uploads:', { ...uploads.report, photoBytes: photo.length, perSecond: perSecond(uploads.report) });
    console.log('downloads:', { ...downloads.report, perSecond: perSecond(downloads.report) });

    const outDir = path.join(root, 'bench', 'results');
    mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `uploads-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          photoBytes: photo.length,
          rows,
          ratios,
          uploads: uploads.report,
          downloads: downloads.report,
        },
        null,
        2,
      ),
    );
    console.log(`results: ${path.relative(root, file)}`);
  } finally {
    agents.healthz.destroy();
    agents.readyz.destroy();
    await Promise.all(children.map(stopChild));
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'upload' || mode === 'download')
  void runLoad(mode, rest[0]!, rest[1]!, rest[2]!, Number(rest[3]), rest[4]!);
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
