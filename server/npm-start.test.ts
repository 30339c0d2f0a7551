import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { childEnv, repoRoot } from './test/process.ts';
import { freePort } from './test/free-port.ts';

/**
 * `npm start` is npm, a shell, and node running scripts/start.mjs (which runs the server): one process group that
 * stops as a whole, and gracefully, whichever of them gets SIGTERM.
 */

const groups: number[] = [];
afterAll(() => {
  for (const g of groups) {
    try {
      process.kill(-g, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

interface Member {
  pid: number;
  args: string;
}

/** The live processes of a process group. */
function groupMembers(pgid: number): Member[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && Number(m[2]) === pgid && !m[3]!.startsWith('Z'))
    .map((m) => ({ pid: Number(m[1]), args: m[4]! }));
}

async function groupGone(pgid: number): Promise<void> {
  while (groupMembers(pgid).length > 0) await new Promise((r) => setTimeout(r, 100));
}

/** `npm start` in its own process group, resolved once the server answers. */
async function npmStart(
  setUp: (port: number, dataDir: string) => Record<string, string> = (port) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
  }),
): Promise<{ npm: ChildProcess; pgid: number; base: string; output: () => string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pawcare-npm-start-'));
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: childEnv(dataDir, { LOG_LEVEL: 'info', ...setUp(port, dataDir) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  groups.push(npm.pid!);
  let out = '';
  npm.stdout.on('data', (d) => (out += d));
  npm.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited early (${npm.exitCode}): ${out}`);
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { npm, pgid: npm.pid!, base, output: () => out };
}

describe('npm start', () => {
  // The first start may build the web app.
  it.each([
    ['npm itself', (m: Member[], npmPid: number) => m.find((p) => p.pid === npmPid)],
    ['the shell npm runs the script in', (m: Member[]) => m.find((p) => /^(\/bin\/)?sh -c/.test(p.args))],
    [
      'the node process of scripts/start.mjs',
      (m: Member[]) => m.find((p) => p.args.includes('scripts/start.mjs') && !/^(\/bin\/)?sh /.test(p.args)),
    ],
  ])(
    'stops as a whole, gracefully, when %s gets SIGTERM',
    async (_who, pick) => {
      const { npm, pgid, base, output } = await npmStart();
      const members = groupMembers(pgid);
      const target = pick(members, npm.pid!);
      expect(target, JSON.stringify(members)).toBeDefined();

      process.kill(target!.pid, 'SIGTERM');
      await groupGone(pgid);
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      // The server shut down by itself (database closed), not killed along the way.
      expect(output()).toContain('"msg":"stopped"');
    },
    300_000,
  );

  it('reads its settings file (.env, or the one ENV_FILE names) with the environment winning, and says which Node it runs on', async () => {
    // The port comes from the file only: the server answering on it proves the file was read.
    const { npm, pgid, base, output } = await npmStart((port, dataDir) => {
      const file = path.join(dataDir, 'settings.env');
      writeFileSync(file, `PORT=${port}\nHOST=127.0.0.1\nCLINIC_NAME=Clinic From The File\nCLINIC_PHONE=1111111111\n`);
      return { ENV_FILE: file, CLINIC_PHONE: '2222222222' };
    });
    const config = (await (await fetch(`${base}/api/config`)).json()) as { clinic: { name: string; phone: string } };
    expect(config.clinic).toMatchObject({ name: 'Clinic From The File', phone: '2222222222' });
    expect(output()).toMatch(/starting on Node v24\./);
    process.kill(npm.pid!, 'SIGTERM');
    await groupGone(pgid);
  }, 300_000);
});
