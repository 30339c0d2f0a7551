/**
 * Said when a session the server no longer accepts is ended (MSG.authFailed). A module of its own: the web app's
 * first scripts need only this message, not every message of shared/messages.ts.
 */
export const AUTH_FAILED = 'Authentication failed';
