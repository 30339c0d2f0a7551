import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from './client';
import { createTestDatabase } from '../test/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('schema', () => {
  it('keeps every timestamp to the millisecond, the precision of a JavaScript Date and of page cursors', async () => {
    const rows = rowsOf<{ table_name: string; column_name: string; datetime_precision: number }>(
      await database.db.execute(
        sql`select table_name, column_name, datetime_precision from information_schema.columns
            where table_schema = 'public' and data_type like 'timestamp%' order by table_name, column_name`,
      ),
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => Number(r.datetime_precision) !== 3)).toEqual([]);
  });
});
