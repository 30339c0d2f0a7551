import type { FastifyBaseLogger } from 'fastify';

const quiet = () => {};

/** A logger that writes nothing, for code under test that wants one (the outbox worker). */
export const silentLog: FastifyBaseLogger = {
  level: 'silent',
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  fatal: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silentLog,
};
