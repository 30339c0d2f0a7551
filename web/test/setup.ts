import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';
import { rememberRequestBodies } from './sent-body.ts';

// Before the app's modules load: its API client builds its Requests with the class found then.
rememberRequestBodies();

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

// findBy*/waitFor give up after this long. Testing Library's 1 s is too short on a loaded CI machine (two cores, the
// whole suite in parallel): a page that renders correctly but late must not fail. A page that never shows what is
// awaited still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// jsdom has <dialog> but not its modal methods. This stands in for the parts tests meet: the open attribute, focus
// moving to the first focusable element inside, Escape firing a cancelable `cancel` and then closing, and the
// `close` event. The inert background and the focus trap are the browser's own and are covered by the e2e specs.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  const focusable =
    'button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),a[href]';
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    modals.push(this);
    this.querySelector<HTMLElement>(focusable)?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (e) => {
    const top = modals.filter((d) => d.isConnected).at(-1);
    if (e.key !== 'Escape' || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
