import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestContext } from '../test/app.ts';

/** The API as the OpenAPI document lists it: each operation that needs a token and takes a JSON body. */
interface Operation {
  method: string;
  path: string;
}

let t: TestContext;
let withBody: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content?: object } }>>;
  };
  withBody = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => (op.security ?? []).length > 0 && 'application/json' in (op.requestBody?.content ?? {}))
      .map(([method]) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

const urlOf = (op: Operation) => op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('who is asking comes before what is asked', () => {
  it('every operation that needs a token answers an anonymous caller 401, whatever the body', async () => {
    expect(withBody.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining(['PUT /api/users/profile', 'PUT /api/settings/theme', 'POST /api/chat/message']),
    );
    for (const op of withBody) {
      const res = await t.app.inject({ method: op.method, url: urlOf(op), payload: { name: 42, theme: 'plaid' } });
      expectError(res, 401, 'UNAUTHENTICATED');
    }
  });

  it('a signed-in customer is refused a staff operation (403) before its body is looked at', async () => {
    const { token } = await t.buildUser({ role: 'user' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/theme',
      headers: t.auth(token),
      payload: { theme: 'plaid' },
    });
    expectError(res, 403, 'FORBIDDEN');
  });
});
