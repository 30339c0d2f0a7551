// npm start (node --env-file-if-exists=.env scripts/start.mjs, so a .env file is read and the environment wins):
// builds the web app when it is missing or older than its sources, then runs the server in this same
// process. `npm start` is npm, a shell and this process; npm passes a SIGTERM on to the shell only, and the shell
// dies without passing it on, so this process also stops (gracefully, as on SIGTERM) once its parent is gone.
import { spawn } from 'node:child_process';
import { enableCompileCache } from 'node:module';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'web', 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Runs `vite build`; a SIGINT or SIGTERM meanwhile stops the build and this process with it. */
function build() {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
    const forward = (sig) => child.kill(sig);
    for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, forward);
    child.on('exit', (code, signal) => {
      for (const sig of ['SIGINT', 'SIGTERM']) process.off(sig, forward);
      if (code !== 0) process.exit(code ?? (signal ? 1 : 0));
      resolve();
    });
  });
}

/** Stops this process as on SIGTERM once its parent (npm's shell, or whatever started it) has died. */
function stopWithParent() {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 250);
  timer.unref();
}

console.log(`Pawcare starting on Node ${process.version}`);
// A production install (npm ci --omit=dev) has no Vite: it serves the web app built beforehand (npm run build).
const canBuild = existsSync(path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'));
if (!canBuild && !existsSync(built)) {
  console.error('The web app is not built and Vite is not installed: run `npm ci && npm run build` first.');
  process.exit(1);
}
const buildFiles = ['vite.config.ts', 'scripts/vite-prerender.ts'].map((f) => statSync(path.join(root, f)).mtimeMs);
const sources = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'shared')), ...buildFiles);
if (canBuild && (!existsSync(built) || statSync(built).mtimeMs < sources)) {
  console.log('Building the web app...');
  await build();
}

stopWithParent();
// Compiled code (and TypeScript with its types stripped) is cached on disk between starts: a restart skips most of
// the work of loading the server's modules (decision 050).
enableCompileCache();
// The server runs here rather than in a child process, so there is no second process to leave behind.
await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
