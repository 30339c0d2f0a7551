import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of imports (docs/architecture.md, "Layout"), checked on every source file of server/, shared/ and
 * web/ (tests excluded): no import circle, and on the server one direction between layers:
 * composition root (app.ts, main.ts, web.ts, health.ts, seed.ts) -> features -> core (root files, lib/, db/),
 * plugins/ -> core; a feature never imports plugins/, another feature's routes, or a feature that imports it back.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const COMPOSITION = new Set(['server/app.ts', 'server/main.ts', 'server/web.ts', 'server/health.ts', 'server/seed.ts']);
const CORE_DIRS = new Set(['lib', 'db']);
const NOT_FEATURES = new Set(['lib', 'db', 'plugins', 'test', 'scripts']);

type Graph = Map<string, string[]>;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'migrations', 'test'].includes(entry.name)) sourceFiles(rel, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every file's imports of other files of the repo (relative and `#shared/` specifiers), type-only ones included. */
export function importGraph(files: string[], read: (file: string) => string): Graph {
  const graph: Graph = new Map();
  for (const file of files) {
    const deps: string[] = [];
    for (const m of read(file).matchAll(IMPORT)) {
      const spec = m[1] ?? m[2]!;
      let target: string | undefined;
      if (spec.startsWith('#shared/')) target = `shared/${spec.slice('#shared/'.length)}.ts`;
      else if (spec.startsWith('.')) target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (target && files.includes(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles of a graph: its strongly connected parts of more than one file (Tarjan). */
export function circles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

type Layer = 'composition' | 'core' | 'plugins' | 'feature' | 'other';
function layerOf(file: string): { layer: Layer; feature?: string } {
  if (!file.startsWith('server/')) return { layer: 'other' };
  if (COMPOSITION.has(file)) return { layer: 'composition' };
  const parts = file.split('/');
  if (parts.length === 2) return { layer: 'core' };
  if (CORE_DIRS.has(parts[1]!)) return { layer: 'core' };
  if (parts[1] === 'plugins') return { layer: 'plugins' };
  if (NOT_FEATURES.has(parts[1]!)) return { layer: 'other' };
  return { layer: 'feature', feature: parts[1] };
}

/** Every import that breaks the server's layering, as 'from -> to: why'. */
export function layerBreaches(graph: Graph): string[] {
  const out: string[] = [];
  const featureEdges = new Map<string, Set<string>>();
  for (const [from, deps] of graph) {
    const a = layerOf(from);
    for (const to of deps) {
      const b = layerOf(to);
      if (a.layer === 'other' || b.layer === 'other') continue;
      if (b.layer === 'composition' && a.layer !== 'composition')
        out.push(`${from} -> ${to}: only the entry points import the app`);
      if (a.layer === 'core' && (b.layer === 'feature' || b.layer === 'plugins'))
        out.push(`${from} -> ${to}: core code (root files, lib/, db/) imports no feature or plugin`);
      if (a.layer === 'plugins' && b.layer === 'feature')
        out.push(`${from} -> ${to}: a plugin gets what it needs passed in`);
      if (a.layer === 'feature' && b.layer === 'plugins')
        out.push(`${from} -> ${to}: features import who is calling and room names from lib/, not plugins/`);
      if (a.layer === 'feature' && b.layer === 'feature' && a.feature !== b.feature) {
        if (to.endsWith('/routes.ts')) out.push(`${from} -> ${to}: another feature's routes are not to be imported`);
        (featureEdges.get(a.feature!) ?? featureEdges.set(a.feature!, new Set()).get(a.feature!)!).add(b.feature!);
      }
    }
  }
  const loops = circles(new Map([...featureEdges].map(([k, v]) => [k, [...v]])));
  for (const loop of loops) out.push(`features import each other in a circle: ${loop.join(', ')}`);
  return out;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('the import rules of the house', () => {
  const files = ['server', 'shared', 'web'].flatMap((d) => (existsSync(path.join(ROOT, d)) ? sourceFiles(d) : []));
  const graph = importGraph(files, read);

  it('reads every source file and its imports', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get('server/app.ts')).toContain('server/plugins/auth.ts');
    expect(graph.get('server/bookings/book.ts')).toContain('shared/bookings.ts');
  });

  it('has no import circle in server/, shared/ or web/', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('keeps the server in layers, with features that never import each other in a circle', () => {
    expect(layerBreaches(graph)).toEqual([]);
  });

  it('finds a circle, a plugin reaching into a feature and two features importing each other', () => {
    const fake = importGraph(
      [
        'server/plugins/auth.ts',
        'server/users/service.ts',
        'server/audit/record.ts',
        'server/lib/caller.ts',
        'server/settings/save.ts',
        'server/bookings/book.ts',
        'server/bookings/routes.ts',
      ],
      (file) =>
        ({
          'server/plugins/auth.ts': "import { load } from '../users/service.ts';",
          'server/users/service.ts': "import { recordAudit } from '../audit/record.ts';",
          'server/audit/record.ts': "import type { AuthUser } from '../plugins/auth.ts';",
          'server/lib/caller.ts': "import { x } from '../bookings/book.ts';",
          'server/settings/save.ts': "import { a } from '../bookings/book.ts';\nimport r from '../bookings/routes.ts';",
          'server/bookings/book.ts': "import { readClinic } from '../settings/save.ts';",
          'server/bookings/routes.ts': '',
        })[file] ?? '',
    );
    expect(circles(fake)).toEqual([
      ['server/audit/record.ts', 'server/plugins/auth.ts', 'server/users/service.ts'],
      ['server/bookings/book.ts', 'server/settings/save.ts'],
    ]);
    expect(layerBreaches(fake)).toEqual([
      'server/plugins/auth.ts -> server/users/service.ts: a plugin gets what it needs passed in',
      'server/audit/record.ts -> server/plugins/auth.ts: features import who is calling and room names from lib/, not plugins/',
      'server/lib/caller.ts -> server/bookings/book.ts: core code (root files, lib/, db/) imports no feature or plugin',
      "server/settings/save.ts -> server/bookings/routes.ts: another feature's routes are not to be imported",
      'features import each other in a circle: bookings, settings',
    ]);
  });
});
