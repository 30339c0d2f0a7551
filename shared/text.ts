import { z } from 'zod';

/**
 * The text primitives every text field is built from. PostgreSQL cannot store a NUL, a lone UTF-16 surrogate breaks
 * JSON columns and every encoder downstream, and control characters turn into forged lines in mails, calendar
 * invites and logs: such text is refused where it enters, with one message, whatever the field.
 */

/** Control characters (Unicode Cc: C0, DEL and C1) and lone surrogates. */
const NOT_SINGLE_LINE = /[\p{Cc}\p{Cs}]/u;
/** The same, except the tab, the line feed and a carriage return that starts a CRLF, which multi-line text keeps. */
const NOT_MULTI_LINE = /(?![\t\n]|\r\n)[\p{Cc}\p{Cs}]/u;

/** True when text holds a character no field stores: a control character (multi-line text may keep tabs and line breaks) or a lone surrogate. */
export function hasForbiddenChars(text: string, opts: { multiLine?: boolean } = {}): boolean {
  return (opts.multiLine ? NOT_MULTI_LINE : NOT_SINGLE_LINE).test(text);
}

/** The refusal of such text, naming the field. */
export const forbiddenCharsMessage = (label: string) =>
  `${label} contains a character that is not allowed (a control character or invalid Unicode)`;

/**
 * A single-line text field: trimmed, then refused when it holds a control character or a lone surrogate. Chain
 * `.min`, `.max`, `.regex` after it; `error` is the message for a value that is not text at all.
 */
export const singleLineText = (label: string, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine((v) => !hasForbiddenChars(v), forbiddenCharsMessage(label));

/** A multi-line text field (a chat message): like `singleLineText`, but tabs, line feeds and CRLF stay. */
export const multiLineText = (label: string, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .trim()
    .refine((v) => !hasForbiddenChars(v, { multiLine: true }), forbiddenCharsMessage(label));

/** Text taken exactly as sent (a password): not trimmed, but refused on the same characters as single-line text. */
export const rawText = (label: string, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine((v) => !hasForbiddenChars(v), forbiddenCharsMessage(label));
