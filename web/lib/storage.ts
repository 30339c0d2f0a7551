import type { User } from '#shared/auth';
import { DEFAULT_THEME, THEMES, type Theme } from '#shared/theme-colors';

/** localStorage keys of the spec (section 3). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  theme: 'theme',
  savedBooking: 'savedBooking',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage all behave like an empty store). */
function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a value; null removes the key. */
function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session simply lasts as long as the tab.
  }
}

/** Parses a JSON value, or null when absent or corrupt. */
export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Stores a JSON value; null removes the key. */
export function writeJson(key: string, value: unknown): void {
  writeItem(key, value === null || value === undefined ? null : JSON.stringify(value));
}

function looksLikeUser(v: unknown): v is User {
  if (!v || typeof v !== 'object') return false;
  const u = v as Record<string, unknown>;
  return typeof u.id === 'string' && typeof u.name === 'string' && typeof u.role === 'string';
}

/** The stored bearer token (spec key `token`). */
export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token);
}

/** The stored user (spec key `user`), or null when absent or not a user object. */
export function getStoredUser(): User | null {
  const v = readJson<unknown>(STORAGE_KEYS.user);
  return looksLikeUser(v) ? v : null;
}

/** Saves the session after login or registration. */
export function storeSession(token: string, user: User): void {
  writeItem(STORAGE_KEYS.token, token);
  writeJson(STORAGE_KEYS.user, user);
}

/** Updates the stored user (profile edits, /me refresh). */
export function storeUser(user: User): void {
  writeJson(STORAGE_KEYS.user, user);
}

/** Logout: removes token and user (spec section 4). */
export function clearSession(): void {
  writeItem(STORAGE_KEYS.token, null);
  writeItem(STORAGE_KEYS.user, null);
}

/** True for one of the 13 theme colours. */
export function isTheme(v: unknown): v is Theme {
  return typeof v === 'string' && (THEMES as readonly string[]).includes(v);
}

/** The mirrored site theme (spec key `theme`, default white). */
export function getStoredTheme(): Theme {
  const v = readItem(STORAGE_KEYS.theme);
  return isTheme(v) ? v : DEFAULT_THEME;
}

/** Mirrors the site theme locally so the next visit paints the right colour before the server answers. */
export function storeTheme(theme: Theme): void {
  writeItem(STORAGE_KEYS.theme, theme);
}
