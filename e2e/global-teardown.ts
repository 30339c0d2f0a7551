import { dropScratchDatabase } from '../server/db/scratch.ts';

/** Drops the PostgreSQL database the config created for this run (nothing to do on the embedded database). */
export default async function globalTeardown() {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name || !process.env.TEST_DATABASE_URL) return;
  await dropScratchDatabase(process.env.TEST_DATABASE_URL, name);
}
