import pg from 'pg';

/** Drops the PostgreSQL database the config created for this run (nothing to do on the embedded database). */
export default async function globalTeardown() {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name || !process.env.TEST_DATABASE_URL) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
