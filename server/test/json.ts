import { z } from 'zod';
import { ApiErrorSchema } from '#shared/common';

/** What a test needs of an answer from `app.inject`: its body as JSON. */
interface JsonAnswer {
  json(): unknown;
}

/**
 * The JSON body of an answer, checked against the response's shared zod schema, so a test reads it typed and also
 * fails when the server sends another shape. See `checked` for what comes back.
 */
export function json<T>(res: JsonAnswer, schema: z.ZodType<T, T>): T {
  return checked(res.json(), schema);
}

/**
 * A value already parsed from JSON (a `fetch` answer's `await res.json()`, a log line), checked against `schema`.
 * The value itself is returned, not zod's parsed copy: zod drops keys it does not know, and a test must still see
 * any field the server should not have sent. Schemas that transform (input and output types differ) are refused by
 * the type, as the value would not be what they describe.
 */
export function checked<T>(value: unknown, schema: z.ZodType<T, T>): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `The answer does not have the expected shape:\n${z.prettifyError(result.error)}\n${JSON.stringify(value)}`,
    );
  }
  return value as T;
}

/** The `error` text of an error answer (checked to have our `{ error, message, code }` shape). */
export function errorOf(res: JsonAnswer): string {
  return json(res, ApiErrorSchema).error;
}

/** A JSON Schema as the OpenAPI document carries it; tests read only these keys. */
const JsonSchemaSchema = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});

const ContentSchema = z.record(z.string(), z.looseObject({ schema: JsonSchemaSchema.optional() }));

/** The parts of the OpenAPI document (/api/docs/json) that tests read: its version and each path's operations. */
export const OpenApiDocSchema = z.looseObject({
  openapi: z.string(),
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({
        requestBody: z.looseObject({ content: ContentSchema }).optional(),
        responses: z.record(z.string(), z.looseObject({ content: ContentSchema.optional() })).optional(),
      }),
    ),
  ),
});
