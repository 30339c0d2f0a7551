import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// An unexpected console.error fails the test that caused it, as in the e2e suite: React reports act() warnings,
// missing keys and errors caught by boundaries this way. A test that provokes one on purpose spies on
// console.error and asserts the message; the spy replaces this guard for that test.
const consoleError = console.error;
let errors: string[] = [];
beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(format(...args));
    consoleError(...args);
  };
});
// Registered before cleanup, so it runs after it (after-hooks run in reverse) and sees errors of unmounting too.
afterEach(() => {
  console.error = consoleError;
  if (errors.length > 0) throw new Error(`console.error was called during this test:\n${errors.join('\n')}`);
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});
