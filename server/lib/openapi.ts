import type { SwaggerTransformObject } from '@fastify/swagger';
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
 * The swagger options that build the document from the routes' schemas: `transform` turns zod schemas into JSON
 * Schema, and documents a route's `multipartBody` as its multipart/form-data request body, so the document (and
 * every test that walks it) knows the form's fields; `transformObject` then marks as optional the request bodies a
 * route may go without. Swagger marks every body required, but the server reads an empty body as none (app.ts) and a
 * body schema that accepts none (confirming a booking with the clinic's defaults) takes a request without one.
 * One pair per app: the first tells the second which operations those are.
 */
export function documentTransforms(): {
  transform: typeof jsonSchemaTransform;
  transformObject: SwaggerTransformObject;
} {
  const optionalBodies = new Set<string>();
  const transform: typeof jsonSchemaTransform = (args) => {
    const { multipartBody, ...schema } = (args.schema ?? {}) as { multipartBody?: ZodType; body?: unknown };
    if (!multipartBody) {
      if (isZod(schema.body) && schema.body.safeParse(undefined).success) {
        const path = args.url.replace(/:(\w+)/g, '{$1}');
        for (const method of [args.route.method].flat()) optionalBodies.add(`${method.toLowerCase()} ${path}`);
      }
      return jsonSchemaTransform(args);
    }
    return jsonSchemaTransform({
      ...args,
      schema: { ...schema, body: multipartBody, consumes: ['multipart/form-data'] },
    });
  };
  const transformObject: SwaggerTransformObject = (documents) => {
    if (!('openapiObject' in documents)) return documents.swaggerObject;
    const doc = documents.openapiObject;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item ?? {})) {
        const body = (op as { requestBody?: { required?: boolean } } | undefined)?.requestBody;
        if (body && optionalBodies.has(`${method} ${path}`)) body.required = false;
      }
    }
    return doc;
  };
  return { transform, transformObject };
}

const isZod = (v: unknown): v is ZodType => typeof (v as ZodType | undefined)?.safeParse === 'function';
