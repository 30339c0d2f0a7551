// npm run dev: the API server (node --watch, restarts on change) and the Vite dev server (hot reload) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = process.env.PORT ?? '3000';

const children = [
  {
    name: 'server',
    proc: spawn(process.execPath, ['--watch', 'server/main.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'development', ...process.env, PORT: port },
    }),
  },
  {
    name: 'web',
    proc: spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PAWCARE_SERVER_URL: `http://localhost:${port}` },
    }),
  },
];

let exiting = false;
/** Stops both processes; a crash of either one ends the dev session instead of leaving half of it running. */
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const { proc } of children) if (proc.exitCode === null) proc.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const { name, proc } of children) {
  proc.on('exit', (code, signal) => {
    if (!exiting)
      console.error(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the other process.`);
    stopAll(code ?? 1);
  });
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(0));
console.log(`[dev] API on http://localhost:${port}, web app with hot reload on http://localhost:5173`);
