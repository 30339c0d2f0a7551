/**
 * npm run bench:web: the web app's budgets, measured against the real server.
 *
 * 1. Builds the app (vite build).
 * 2. Starts `node server/main.ts` on a free port with a fresh embedded database.
 * 3. Loads the landing page in Chromium and adds up the gzipped size of every JavaScript file it requests
 *    (budget: 120 kB), compared with the framework-only baseline (React + React DOM from the same build).
 * 4. Runs Lighthouse 3 times per page (mobile defaults: simulated slow 4G, 4x CPU slowdown; and the desktop
 *    preset) on /, /services, /login and /products, and on a static baseline page served by a bare Node server in the same run; reports the
 *    median performance and accessibility scores (budget: 0.95 each).
 * `--write` replaces the "Web budgets" section of docs/performance.md with the figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as prettier from 'prettier';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../server/test/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'web', 'dist');
const JS_BUDGET_BYTES = 120_000;
const SCORE_BUDGET = 0.95;
const RUNS = 3;
const PAGES = ['/', '/services', '/login', '/products'];
const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function chromePath(): string | undefined {
  for (const p of [process.env.CHROME_PATH, '/usr/bin/chromium']) if (p && existsSync(p)) return p;
  return undefined; // Playwright's own browser, if installed.
}

const median = (xs: number[]) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function build() {
  console.log('building the web app...');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

async function startServer(port: number): Promise<{ proc: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-bench-web-'));
  const proc = spawn(process.execPath, [path.join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One client asks for everything the bench measures: the per-client request budget would refuse it.
      REQUEST_RATE_LIMIT: '1000000000',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      JWT_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  proc.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`server exited unexpectedly (code ${code}, signal ${signal})`);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with code ${proc.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { proc, dataDir };
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGTERM');
  throw new Error('server did not become healthy within 60 s');
}

/** A static page with a heading and a paragraph: what the machine scores with no app at all. */
function startBaseline(port: number): Promise<http.Server> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline"><title>Baseline</title></head><body><main><h1>Baseline page</h1><p>Static HTML, no scripts.</p></main></body></html>';
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) => srv.listen(port, '127.0.0.1', () => resolve(srv)));
}

interface JsFile {
  file: string;
  raw: number;
  gzip: number;
}

/** Every script the landing page requests (after it settles), with its gzipped size from the built file. */
async function landingJs(base: string): Promise<JsFile[]> {
  const browser = await chromium.launch({ executablePath: chromePath(), args: CHROME_ARGS });
  try {
    const page = await browser.newPage();
    const urls = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script' && req.url().startsWith(base)) urls.add(new URL(req.url()).pathname);
    });
    await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The heading is in the prerendered HTML: wait until React has taken the page over, so every script counts.
    // (A string: it runs in the page, and bench/ is type-checked as Node code, without the DOM's types.)
    await page.waitForFunction(
      "Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer'))",
    );
    return [...urls].map((p) => {
      const data = readFileSync(path.join(dist, p));
      return { file: p, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    });
  } finally {
    await browser.close();
  }
}

/** React + React DOM as this build bundles them: the floor any React app pays. */
function frameworkBaseline(): number {
  // Inside the project (git-ignored), so the bundler resolves react from its node_modules.
  const dir = path.join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, 'framework-entry.js');
  writeFileSync(
    entry,
    "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.body).render(createElement('p', null, 'hi'));\n",
  );
  const out = path.join(dir, 'framework.js');
  const r = spawnSync(
    path.join(root, 'node_modules', '.bin', 'esbuild'),
    [
      entry,
      '--bundle',
      '--minify',
      '--format=esm',
      '--define:process.env.NODE_ENV="production"',
      `--outfile=${out}`,
      '--log-level=error',
    ],
    { cwd: root },
  );
  if (r.status !== 0) return NaN;
  const size = gzipSync(readFileSync(out), { level: 9 }).length;
  rmSync(entry);
  rmSync(out);
  return size;
}

interface Scores {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

type Preset = 'mobile' | 'desktop';

async function lighthouseRuns(url: string, port: number, preset: Preset): Promise<Scores[]> {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i++) {
    const flags = {
      port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['performance', 'accessibility'],
    };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      // A failed run (e.g. the machine too busy to load the page in time) is reported, not scored as zero.
      console.warn(`  lighthouse run on ${url} failed: ${runtimeError.code} ${runtimeError.message}`);
      continue;
    }
    runs.push({
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    });
  }
  return runs;
}

async function main() {
  const write = process.argv.includes('--write');
  build();
  const [appPort, basePort, cdpPort] = [await freePort(), await freePort(), await freePort()];
  const { proc, dataDir } = await startServer(appPort);
  const baseline = await startBaseline(basePort);
  const base = `http://127.0.0.1:${appPort}`;
  const lines: string[] = [];
  let failed = false;
  try {
    // 1. JavaScript of the landing page.
    const files = await landingJs(base);
    const total = files.reduce((n, f) => n + f.gzip, 0);
    const framework = frameworkBaseline();
    console.log('\nJavaScript requested by the landing page (gzip -9 of the built files):');
    for (const f of files.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${f.file.padEnd(48)} ${kB(f.raw).padStart(10)} raw ${kB(f.gzip).padStart(10)} gzip`);
    const jsOk = total <= JS_BUDGET_BYTES;
    failed ||= !jsOk;
    console.log(
      `  total ${kB(total)} gzip in ${files.length} files; budget ${kB(JS_BUDGET_BYTES)} -> ${jsOk ? 'OK' : 'OVER BUDGET'}`,
    );
    console.log(
      `  baseline React + React DOM alone: ${kB(framework)} gzip; landing page / baseline = ${(total / framework).toFixed(2)}x`,
    );

    // 2. Lighthouse.
    const browser = await chromium.launch({
      executablePath: chromePath(),
      args: [...CHROME_ARGS, `--remote-debugging-port=${cdpPort}`],
    });
    const rows: string[] = [];
    try {
      const header: string[] = [];
      for (const preset of ['mobile', 'desktop'] as Preset[]) {
        const baseRuns = await lighthouseRuns(`http://127.0.0.1:${basePort}/`, cdpPort, preset);
        const basePerf = median(baseRuns.map((r) => r.performance));
        header.push(`${preset} ${basePerf.toFixed(2)}`);
        console.log(
          `\nLighthouse ${preset} (median of ${RUNS}); baseline static page performance ${basePerf.toFixed(2)}:`,
        );
        for (const p of PAGES) {
          const runs = await lighthouseRuns(`${base}${p}`, cdpPort, preset);
          const perf = median(runs.map((r) => r.performance));
          const a11y = median(runs.map((r) => r.accessibility));
          const lcp = median(runs.map((r) => r.lcpMs));
          const tbt = median(runs.map((r) => r.tbtMs));
          const ok = perf >= SCORE_BUDGET && a11y >= SCORE_BUDGET; // NaN (every run failed) counts as missed
          failed ||= !ok;
          const line = `  ${p.padEnd(10)} performance ${perf.toFixed(2)} (runs ${runs.map((r) => r.performance.toFixed(2)).join('/')}, ${(perf / basePerf).toFixed(2)}x baseline)  accessibility ${a11y.toFixed(2)}  LCP ${Math.round(lcp)} ms  TBT ${Math.round(tbt)} ms  ${ok ? 'OK' : 'BELOW BUDGET'}`;
          console.log(line);
          rows.push(
            `| ${preset} | ${p} | ${perf.toFixed(2)} | ${runs.map((r) => r.performance.toFixed(2)).join(' / ')} | ${(perf / basePerf).toFixed(2)} | ${a11y.toFixed(2)} | ${Math.round(lcp)} | ${Math.round(tbt)} | ${ok ? 'met' : '**missed**'} |`,
          );
        }
      }
      lines.push(
        `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:web\` (production build served by the real server, embedded DB; Chromium ${browser.version()}; ${os.cpus().length} CPU cores shared with other work, so CPU-bound figures such as TBT are noisy).`,
        '',
        `**Landing page JavaScript:** ${kB(total)} gzipped in ${files.length} files (budget ${kB(JS_BUDGET_BYTES)}: ${jsOk ? 'met' : '**missed**'}). ` +
          `Baseline in the same run: React + React DOM alone ${kB(framework)}, so the landing page is ${(total / framework).toFixed(2)}x the bare framework. ` +
          'Pages are split per route and per role area; socket.io-client, zod and react-hook-form load only on the pages that use them.',
        '',
        `**Lighthouse**, median of ${RUNS} runs per page and preset; budget ${SCORE_BUDGET} for performance and accessibility. ` +
          'mobile = Lighthouse defaults (simulated slow 4G, 4x CPU slowdown); desktop = its desktop preset. ' +
          `Baseline static HTML page in the same run: performance ${header.join(', ')}.`,
        '',
        '| preset | page | performance | runs | vs baseline | accessibility | LCP ms | TBT ms | budget |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
      );
    } finally {
      await browser.close();
    }
  } finally {
    baseline.close();
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const section = lines.join('\n');
  console.log(`\n${section}\n`);
  if (write) {
    const doc = path.join(root, 'docs', 'performance.md');
    const text = readFileSync(doc, 'utf8');
    const heading = '## Web budgets (bundle size, Lighthouse)';
    const start = text.indexOf(heading);
    if (start < 0) throw new Error(`${heading} not found in docs/performance.md`);
    const next = text.indexOf('\n## ', start + heading.length);
    const updated = `${text.slice(0, start)}${heading}\n\n${section}\n${next < 0 ? '' : text.slice(next)}`;
    // Prettier aligns the tables the way the lint step checks them.
    writeFileSync(doc, await prettier.format(updated, { ...(await prettier.resolveConfig(doc)), filepath: doc }));
    console.log('docs/performance.md updated');
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
