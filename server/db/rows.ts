import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/** A row's value as the API sends it: a date as an ISO string, the rest as stored. */
type Wire<V> = V extends Date ? string : V;

/** The fields `present` copies, with `_id` beside `id` (the spec's clients read either). */
export type Presented<R extends { id: unknown }, K extends keyof R> = { _id: R['id']; id: R['id'] } & {
  [P in K]: Wire<R[P]>;
};

/**
 * The start of every stored row's API shape: `_id` and `id`, and the named fields as they are stored, dates as ISO
 * strings. A mapper spreads it and adds what needs more than a copy (numbers from numeric strings, derived fields).
 */
export function present<R extends { id: unknown }, K extends keyof R>(row: R, fields: readonly K[]): Presented<R, K> {
  const out: Record<PropertyKey, unknown> = { _id: row.id, id: row.id };
  for (const field of fields) {
    const value = row[field];
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  return out as Presented<R, K>;
}

/**
 * A row of raw SQL (`db.execute(sql...)`: snake_case names, values as the driver hands them back) as Drizzle's
 * query builder returns it for `table`: its property names, each value read by its column's own mapping (dates,
 * integers, JSON). Lets a statement the builder cannot express share its table's mapper.
 */
export function fromSqlRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
