/**
 * The body each Request was made with, for the fake server (fakeServer in utils.tsx) to read what the app sent. A
 * Request's own body is a stream that can only be read later, and Vitest's jsdom Request turns a FormData into
 * Node's own on the way, dropping each file's name (a browser keeps it): the body as the app gave it is kept here.
 */
const bodies = new WeakMap<Request, BodyInit>();

/** Makes every Request built from now on (setup.ts: before the app's modules load) remember its body. */
export function rememberRequestBodies(): void {
  const Base = globalThis.Request;
  class RememberingRequest extends Base {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(input, init);
      const body = init?.body ?? (input instanceof Base ? bodies.get(input) : undefined);
      if (body !== undefined && body !== null) bodies.set(this, body);
    }
  }
  globalThis.Request = RememberingRequest;
}

/** The body a Request was made with, if any. */
export const sentBody = (request: Request): BodyInit | undefined => bodies.get(request);
