import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The success answers the API documents, from web/test/api-responses.json (written by `npm run api:types` from the
 * server's OpenAPI document): for each 'METHOD /path/{param}', the JSON Schema of the body of each success status,
 * or null when that answer is a file. The fake server checks every fake answer against it.
 */
type Answers = Record<string, Record<string, object | null>>;
const ANSWERS = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'api-responses.json'), 'utf8'),
) as Answers;

interface Operation {
  key: string;
  method: string;
  pattern: RegExp;
  /** Path parameters: a literal segment ('/api/orders/mine') wins over a parameter ('/api/orders/{id}'). */
  params: number;
}

const OPERATIONS: Operation[] = Object.keys(ANSWERS).map((key) => {
  const [method = '', path = ''] = key.split(' ');
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return { key, method, pattern: new RegExp(`^${source}$`), params: (path.match(/\{/g) ?? []).length };
});

/** The documented operation a request reaches ('GET /api/pets/{id}' for GET /api/pets/p1), if any. */
function operationOf(method: string, path: string): Operation | undefined {
  return OPERATIONS.filter((op) => op.method === method && op.pattern.test(path)).sort(
    (a, b) => a.params - b.params,
  )[0];
}

const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/**
 * What is wrong with a fake success answer, measured against the API's own description of that answer; undefined
 * when it could be the real server's. Error answers (4xx, 5xx) are not checked.
 */
export function answerDrift(method: string, url: string, status: number, body: unknown): string | undefined {
  if (status < 200 || status > 299) return undefined;
  const path = url.split('?')[0] ?? url;
  const op = operationOf(method, path);
  if (!op) return `${method} ${path} is not a route of the API, yet the fake answers it ${status}.`;
  const answers = ANSWERS[op.key] ?? {};
  if (!(String(status) in answers)) {
    return `${op.key} answers ${Object.keys(answers).join(' or ') || 'no success'}, not ${status}.`;
  }
  const schema = answers[String(status)];
  if (!schema) return undefined; // a file, not JSON
  if (body === undefined) return `${op.key} answers ${status} with a JSON body; the fake sends none.`;
  const id = `${op.key} ${status}`;
  let validate = validators.get(id);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(id, validate);
  }
  if (validate(body)) return undefined;
  const errors = validate.errors ?? [];
  const problems = errors.slice(0, 8).map((e) => {
    const where = e.instancePath || '(the body)';
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
    return `${where} ${e.message ?? 'is not valid'}${extra}`;
  });
  if (errors.length > problems.length) problems.push(`and ${errors.length - problems.length} more`);
  return `The fake answer of ${op.key} (${status}) is not what the API answers: ${problems.join('; ')}.`;
}
