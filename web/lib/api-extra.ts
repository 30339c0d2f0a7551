import { TOTAL_COUNT_HEADER } from '#shared/http';
import { apiRaw, type ApiOptions } from './api-client.ts';

/*
 * API calls only some screens need, kept out of api-client.ts: that module is part of every page's first script,
 * the landing page's included.
 */

/**
 * Calls the API like {@link api} and also tells the success status, for endpoints whose 200 and 201 mean different
 * things (an invitation sent for the first time, or sent again).
 */
export async function apiWithStatus<T>(path: string, opts: ApiOptions = {}): Promise<{ data: T; status: number }> {
  const { data, status } = await apiRaw<T>(path, opts);
  return { data, status };
}

/** A page of a list answered with its X-Total-Count (the catalogue): the items and how many match in all. */
export async function apiPageWithTotal<T>(path: string, opts: ApiOptions = {}): Promise<{ items: T[]; total: number }> {
  const { data, headers } = await apiRaw<T[]>(path, opts);
  const items = Array.isArray(data) ? data : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : items.length };
}
