import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiFiles } from './scripts/api-types.ts';

/**
 * The web's copy of the API contract (the typed client's types, the fake server's answer schemas) is generated from
 * the document the server publishes and committed: this fails when a route or a shared schema changed without it.
 */
describe('the generated API types', () => {
  it('match the OpenAPI document the server publishes', async () => {
    const files = await apiFiles();
    expect(Object.keys(files).length).toBeGreaterThan(0);
    for (const [file, text] of Object.entries(files)) {
      const committed = readFileSync(path.join(import.meta.dirname, '..', file), 'utf8');
      expect(committed === text, `${file} is stale: run npm run api:types`).toBe(true);
    }
    // Builds the whole app and formats two large files: about 20 s on a quiet machine, several times that beside the
    // browser suite in CI. A hang guard, not a time budget.
  }, 180_000);
});
