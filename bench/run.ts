/**
 * npm run bench: every benchmark in turn (each compares against its own baseline in the same run).
 * Pass names to run a subset: npm run bench -- api chat
 */
import { spawnSync } from 'node:child_process';

const all = ['api', 'slots', 'shop', 'chat', 'scale', 'web'];
const chosen = process.argv.slice(2).filter((a) => all.includes(a));
const names = chosen.length ? chosen : all;
let failed = 0;
for (const name of names) {
  console.log(`\n=== bench:${name} ===`);
  const r = spawnSync('npm', ['run', '-s', `bench:${name}`], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed += 1;
    console.error(`bench:${name} failed (exit ${r.status})`);
  }
}
process.exit(failed ? 1 : 0);
