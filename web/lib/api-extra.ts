import type { ZodType, output } from 'zod';
import { TOTAL_COUNT_HEADER } from '#shared/http';
import { answer, checked, type Answered } from './api-client.ts';

/*
 * API calls only some screens need, kept out of api-client.ts: that module is part of every page's first script,
 * the landing page's included.
 */

/**
 * A successful call's body and its status, for endpoints whose 200 and 201 mean different things (an invitation
 * sent for the first time, or sent again).
 */
export async function withStatus<T>(call: Promise<Answered<T>>): Promise<{ data: T; status: number }> {
  const { data, response } = await call;
  return { data: data as T, status: response.status };
}

/** A page of a list answered with its X-Total-Count (the catalogue): the items and how many match in all. */
export async function pageWithTotal<T>(call: Promise<Answered<T[]>>): Promise<{ items: T[]; total: number }> {
  const { data, response } = await call;
  const headers = response.headers;
  const items = Array.isArray(data) ? data : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { items, total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : items.length };
}

/**
 * The body of an answer the web stores or acts on (a session, the signed-in account), checked against its shared
 * schema: an answer of another shape (an older server, a proxy's page) fails like a server error and is not kept.
 */
export async function trusted<S extends ZodType>(schema: S, call: Promise<Answered<unknown>>): Promise<output<S>> {
  return checked(schema, await answer(call));
}

/**
 * The bodySerializer of a multipart form (`client.PUT(path, { body, bodySerializer: multipart })`): the fields the
 * document lists, typed, sent as FormData (files as files); fields left undefined are not sent.
 */
export function multipart(body: Record<string, string | Blob | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.set(name, value);
  return form;
}
