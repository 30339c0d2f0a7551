/** Query keys of the services feature. `all` is the public list (GET /api/services); every key starts with it. */
export const serviceKeys = {
  all: ['services'] as const,
  admin: ['services', 'admin'] as const,
};
