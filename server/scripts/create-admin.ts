/**
 * npm run create-admin -- <email> <password>
 * Creates an admin account (or promotes an existing account) on the configured database.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ensureAdmin } from '../users/service.ts';
import { LoginBodySchema } from '#shared/auth';

async function run() {
  const [email = process.env.ADMIN_EMAIL, password = process.env.ADMIN_PASSWORD] = process.argv.slice(2);
  const parsed = LoginBodySchema.safeParse({ email, password });
  if (!parsed.success) {
    console.error(
      'Usage: npm run create-admin -- <email> <password>\n' +
        parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'),
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    const result = await ensureAdmin({ db: database.db }, parsed.data.email, parsed.data.password);
    console.log(
      result === 'created'
        ? `Admin ${parsed.data.email} created.`
        : result === 'promoted'
          ? `${parsed.data.email} is now an admin (password unchanged).`
          : `${parsed.data.email} is already an admin.`,
    );
  } finally {
    await database.close();
  }
}

run().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
