/**
 * Main-thread long tasks of a page load on a phone-speed CPU, from a Chromium trace (used by bench/web-budget.ts).
 *
 * The page is opened with the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset
 * assumes), traced for its first few seconds, and every task of the page's main thread longer than 50 ms is listed
 * with what ran inside it: which script was compiled or run, and how long style, layout and paint took. Run on its own
 * (`node bench/web-trace.ts http://127.0.0.1:3000/products`) it prints the tasks and, with `--profile`, the functions
 * that took the most time (a CPU profile; build with `--minify false` to read component names).
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

export const LONG_TASK_MS = 50;
export const CPU_SLOWDOWN = 4;
export const WINDOW_MS = 5_000;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { url?: string; documentLoaderURL?: string; frame?: string; stackTrace?: { url?: string }[] };
    beginData?: { url?: string };
  };
}

export interface LongTask {
  /** Start, in ms after navigation started. */
  startMs: number;
  durationMs: number;
  /** What the task spent its time on, largest first: "script <file>", "style and layout", "parse HTML", ... */
  parts: [string, number][];
}

export interface LoadTrace {
  tasks: LongTask[];
  /** Sum of the durations of the long tasks in the window. */
  longTaskMs: number;
  /** Sum of the part of each long task beyond 50 ms (what Lighthouse's TBT counts, here without its FCP/TTI bounds). */
  blockingMs: number;
}

const short = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/assets\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || u.host;
  } catch {
    return url || '(inline)';
  }
};

/** What one event inside a task counts as. */
function kind(e: TraceEvent): string | null {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url;
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
    case 'FunctionCall':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'EventDispatch':
    case 'v8.compile':
    case 'RunMicrotasks':
      return url ? `script ${short(url)}` : 'script';
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'RecalculateStyles':
      return 'style and layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
    case 'CompositeLayers':
    case 'Commit':
      return 'paint';
    case 'GCEvent':
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
      return 'garbage collection';
    default:
      return null;
  }
}

/** Wrappers around a task's work, not work of their own. */
const TRANSPARENT = /^(RunTask|ThreadControllerImpl::RunTask|ThreadController::Task|SequenceManager|BlinkScheduler_)/;

/** Long tasks of the renderer main thread that ran `navigationStartUs` onwards, within `windowMs`. */
export function longTasksOf(events: TraceEvent[], windowMs = WINDOW_MS, url?: string): LoadTrace {
  // The page's renderer main thread: where the page's own navigation started (not about:blank's renderer), or
  // failing that the renderer main thread that parsed the page's HTML.
  const isPage = (u: string | undefined) => !!u && (url ? u === url : u.startsWith('http'));
  const nav =
    events.find((e) => e.name === 'navigationStart' && isPage(e.args?.data?.documentLoaderURL ?? e.args?.data?.url)) ??
    events.find((e) => e.name === 'ParseHTML' && isPage(e.args?.beginData?.url));
  if (!nav) throw new Error(`trace: no navigation to ${url ?? 'a web page'} found`);
  const main = { pid: nav.pid, tid: nav.tid };
  const t0 = nav.ts;
  if (process.env.TRACE_DEBUG)
    console.log(`  navigation at ${nav.ts} on ${nav.pid}:${nav.tid}`, nav.args?.data?.documentLoaderURL);
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const tasks: LongTask[] = [];
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.dur! < LONG_TASK_MS * 1000) continue;
    if (task.ts < t0 || task.ts - t0 > windowMs * 1000) continue;
    const end = task.ts + task.dur!;
    // The outermost known event at each moment of the task gets the time (no double counting of nested events).
    const parts = new Map<string, number>();
    let covered = task.ts;
    let accounted = 0;
    for (const e of onMain) {
      if (e.ts < task.ts || e === task) continue;
      if (e.ts >= end) break;
      if (TRANSPARENT.test(e.name)) continue;
      const k = kind(e) ?? (process.env.TRACE_DEBUG ? `(${e.name})` : null);
      if (!k || e.ts < covered) continue;
      const d = Math.min(e.dur!, end - e.ts);
      parts.set(k, (parts.get(k) ?? 0) + d);
      accounted += d;
      covered = e.ts + d;
    }
    const other = task.dur! - accounted;
    if (other > 0) parts.set('other', (parts.get('other') ?? 0) + other);
    tasks.push({
      startMs: (task.ts - t0) / 1000,
      durationMs: task.dur! / 1000,
      parts: [...parts].map(([k, us]) => [k, us / 1000] as [string, number]).sort((a, b) => b[1] - a[1]),
    });
  }
  const longTaskMs = tasks.reduce((n, t) => n + t.durationMs, 0);
  const blockingMs = tasks.reduce((n, t) => n + t.durationMs - LONG_TASK_MS, 0);
  return { tasks, longTaskMs, blockingMs };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
];

export interface ProfileEntry {
  fn: string;
  selfMs: number;
}

/**
 * Opens `url` in a new page of `browser` with the CPU slowed down, waits `windowMs`, and returns the long tasks of
 * that window. `prepare` runs first on the blank page (e.g. to store a session). With `profile`, also the functions
 * with the most self time over the window (from a sampling CPU profile).
 */
export async function traceLoad(
  browser: Browser,
  url: string,
  opts: { windowMs?: number; profile?: boolean; prepare?: (page: Page) => Promise<void> } = {},
): Promise<LoadTrace & { profile?: ProfileEntry[] }> {
  const windowMs = opts.windowMs ?? WINDOW_MS;
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    if (opts.prepare) await opts.prepare(page);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'commit' });
    // The window is fixed: what the page does in its first seconds, whatever it is.
    await page.waitForTimeout(windowMs);
    const raw = await browser.stopTracing();
    const { traceEvents } = JSON.parse(raw.toString('utf8')) as { traceEvents: TraceEvent[] };
    const result: LoadTrace & { profile?: ProfileEntry[] } = longTasksOf(traceEvents, windowMs, page.url());
    if (opts.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: {
          nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
          samples: number[];
          timeDeltas: number[];
        };
      };
      const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map<string, number>();
      profile.samples.forEach((id, i) => {
        const node = byNode.get(id);
        const dt = profile.timeDeltas[i + 1] ?? 0;
        if (!node) return;
        const { functionName, url: file, lineNumber } = node.callFrame;
        if (functionName === '(idle)' || functionName === '(program)') return;
        const key = `${functionName || '(anonymous)'} ${file ? `${short(file)}:${lineNumber + 1}` : ''}`.trim();
        self.set(key, (self.get(key) ?? 0) + dt / 1000);
      });
      result.profile = [...self]
        .map(([fn, selfMs]) => ({ fn, selfMs }))
        .sort((a, b) => b.selfMs - a.selfMs)
        .slice(0, 40);
    }
    return result;
  } finally {
    await context.close();
  }
}

export function describeTasks(trace: LoadTrace): string[] {
  return trace.tasks.map(
    (t) =>
      `    at ${Math.round(t.startMs)} ms: ${Math.round(t.durationMs)} ms (${t.parts
        .filter(([, ms]) => ms >= 1)
        .map(([k, ms]) => `${k} ${Math.round(ms)}`)
        .join(', ')})`,
  );
}

// Run directly: profile the given pages.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { chromium } = await import('@playwright/test');
  const urls = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const profile = process.argv.includes('--profile');
  const token = process.env.TRACE_TOKEN;
  const user = process.env.TRACE_USER;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const url of urls) {
      const trace = await traceLoad(browser, url, {
        profile,
        prepare:
          token && user
            ? async (page) => {
                await page.goto(new URL('/healthz', url).href);
                await page.evaluate(
                  ([t, u]) => {
                    localStorage.setItem('token', t);
                    localStorage.setItem('user', u);
                  },
                  [token, user] as const,
                );
              }
            : undefined,
      });
      console.log(
        `${url}: ${trace.tasks.length} long tasks, ${Math.round(trace.longTaskMs)} ms in all (${Math.round(trace.blockingMs)} ms beyond 50 ms each)`,
      );
      for (const line of describeTasks(trace)) console.log(line);
      if (trace.profile) {
        console.log('  self time by function (ms):');
        for (const p of trace.profile) console.log(`    ${p.selfMs.toFixed(1).padStart(7)}  ${p.fn}`);
      }
    }
  } finally {
    await browser.close();
  }
}
