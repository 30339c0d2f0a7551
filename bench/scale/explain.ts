import pg from 'pg';
import { machine } from '../child.ts';
import { explainLines, fmt, type PlanNode } from '../history.ts';
import { LARGE, SECRET, ENDPOINTS } from './setup.ts';
import { cleanups, tempDir, postgresOf } from './servers.ts';

// --explain: what each endpoint runs, and how PostgreSQL runs it at the large size.

interface Explained {
  sql: string;
  ms: number;
  rowsRead: number;
  buffers: number;
  lines: string[];
  scans: string[];
}

export async function runExplain() {
  console.log(`bench:scale --explain on PostgreSQL, ${LARGE.toLocaleString('en')} rows of each kind; ${machine()}`);
  const { scratch, subjects } = await postgresOf(LARGE);
  // Every statement the app sends through node-postgres while a request is being answered.
  let recording: { text: string; values: unknown[] }[] | null = null;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called with its `this` below
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [a, b] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof a === 'string' ? a : a.text;
      const values = Array.isArray(b) ? b : typeof a === 'object' ? (a.values ?? []) : [];
      recording.push({ text, values });
    }
    return (original as (...x: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  cleanups.push(() => {
    pg.Client.prototype.query = original;
    return Promise.resolve();
  });

  const { buildApp } = await import('../../server/app.ts');
  const { loadConfig } = await import('../../server/config.ts');
  const { openDatabase } = await import('../../server/db/client.ts');
  const config = loadConfig({
    NODE_ENV: 'production',
    // One client asks for everything the bench measures: the per-client request budget would refuse it.
    REQUEST_RATE_LIMIT: '1000000000',
    DATABASE_URL: scratch.url,
    JWT_SECRET: SECRET,
    DATA_DIR: tempDir(),
    LOG_LEVEL: 'fatal',
  });
  const database = await openDatabase({ databaseUrl: scratch.url });
  cleanups.push(() => database.close());
  const app = await buildApp({
    config,
    database,
    logger: { level: 'fatal', stream: { write: () => undefined } },
  });
  cleanups.push(() => app.close());
  const explainer = new pg.Client({ connectionString: scratch.url });
  await explainer.connect();
  cleanups.push(() => explainer.end());

  const seen = new Map<string, number>();
  const all: Explained[] = [];
  const report: string[] = [];
  for (const e of ENDPOINTS) {
    const request = {
      method: 'GET' as const,
      url: e.url(subjects),
      headers: { authorization: `Bearer ${e.as(subjects).token}` },
    };
    await app.inject(request); // prepared statements and caches warm
    recording = [];
    const res = await app.inject(request);
    const statements = recording;
    recording = null;
    if (res.statusCode !== 200) throw new Error(`${e.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    console.log(`\n### ${e.label}: GET ${request.url.replace(/cursor=[^&]+/, 'cursor=...')}`);
    const parts: string[] = [];
    for (const st of statements) {
      if (!/^\s*(select|with)\b/i.test(st.text)) continue;
      const short = st.text.replace(/\s+/g, ' ').trim();
      const known = seen.get(st.text);
      await explainer.query('begin');
      let plan: { Plan: PlanNode; 'Execution Time': number };
      try {
        const { rows } = await explainer.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
          `explain (analyze, buffers, format json) ${st.text}`,
          st.values,
        );
        plan = rows[0]!['QUERY PLAN'][0];
      } finally {
        await explainer.query('rollback');
      }
      const { lines, scans, rowsRead } = explainLines(plan.Plan);
      const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
      const x: Explained = { sql: short, ms: plan['Execution Time'], rowsRead, buffers, lines, scans };
      if (known !== undefined) {
        console.log(`  #${known} again: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms`);
        // #1 is the caller's own row, read by every request.
        if (known !== 1) parts.push(`#${known} again: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms`);
        continue;
      }
      all.push(x);
      seen.set(st.text, all.length);
      console.log(`  #${all.length} ${short.slice(0, 160)}${short.length > 160 ? ' ...' : ''}`);
      console.log(`     ${fmt(rowsRead)} rows read, ${fmt(buffers)} buffers, ${x.ms.toFixed(1)} ms`);
      for (const l of lines) console.log(`     ${l}`);
      parts.push(`#${all.length}: ${fmt(rowsRead)} rows read, ${x.ms.toFixed(1)} ms; ${scans.join('; ')}`);
    }
    report.push(`| ${e.label} | ${parts.join('<br>') || "only the caller's own row (#1)"} |`);
  }
  console.log('\n| endpoint | statement: rows read, execution time; scans (index): rows read |');
  console.log('|---|---|');
  for (const r of report) console.log(r);
}
