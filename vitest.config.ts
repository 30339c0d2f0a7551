import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1, so one worker on a two-core machine), while many of these files
    // wait on a database, a child process or a socket: one worker per core.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // One jsdom per worker, each test file still in a context of its own: building a jsdom for each of the 60-odd
          // files took about half of this project's time (docs/decisions/034-ci-under-thirty-minutes.md).
          pool: 'vmThreads',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          // CI runs these beside the browser suite on two cores (decision 034): a hang guard, not a time budget.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
