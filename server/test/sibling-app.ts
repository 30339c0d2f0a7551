import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { testConfig, type TestContext } from './app.ts';

/**
 * A second app on the same database as `first`, as a second server process would be: it shares only what the
 * processes share in production (the database, and Redis when `overrides` names it). Close it before `first`.
 */
export async function createSiblingApp(first: TestContext, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(overrides),
    database: first.database,
    webDir: path.join(os.tmpdir(), 'pawcare-no-web'),
  });
  await app.ready();
  return app;
}
