import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The fields of a multipart form a handler reads itself (`request.parts()`), for the OpenAPI document only:
     * Fastify never validates it, the handler parses the fields with the same shared schema.
     */
    multipartBody?: ZodType;
  }
}

/**
 * The swagger transform: zod schemas to JSON Schema, and a route's `multipartBody` documented as its
 * multipart/form-data request body, so the document (and every test that walks it) knows the form's fields.
 */
export const documentTransform: typeof jsonSchemaTransform = (args) => {
  const { multipartBody, ...schema } = (args.schema ?? {}) as { multipartBody?: ZodType };
  if (!multipartBody) return jsonSchemaTransform(args);
  return jsonSchemaTransform({
    ...args,
    schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] },
  });
};
