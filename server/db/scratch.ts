import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throw-away database on a PostgreSQL server (tests, end-to-end runs, benchmarks). */
export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

async function onServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates an empty database with a unique name on the server of `baseUrl`. */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropScratchDatabase(baseUrl, name) };
}

/** Drops a database made by createScratchDatabase (by name, for callers in another process). */
export function dropScratchDatabase(baseUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a scratch database name: ${name}`);
  return onServer(baseUrl, `drop database if exists ${name} with (force)`);
}
