import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { FileNameSchema } from '#shared/auth';
import { AppError, errors } from '../errors.ts';

/** The texts an upload's checks answer with. */
export interface UploadMessages {
  /** No file, or an empty one (400). */
  required: string;
  /** Not one of the allowed types (415). */
  type: string;
  /** Larger than allowed (413). */
  tooLarge: string;
}

/**
 * Decides a file's type from its bytes (never its name or declared type): one of `allowed`, else 415. An empty file
 * is a 400. Identity proofs and pet photos are both checked here.
 */
export async function detectFileMime(
  data: Buffer,
  allowed: readonly string[],
  messages: Pick<UploadMessages, 'required' | 'type'>,
): Promise<string> {
  if (data.length === 0) throw errors.validation(messages.required);
  const type = await fileTypeFromBuffer(data);
  if (!type || !allowed.includes(type.mime)) throw errors.unsupportedMedia(messages.type);
  return type.mime;
}

/** A stored file as the database holds it. */
export interface StoredFile {
  data: Buffer;
  mime: string;
  size: number;
}

/**
 * Reads a multipart form that carries exactly one file, in the field `field`, of at most `maxBytes` (413 beyond),
 * with a file name of plain text; other text fields are ignored. Returns the bytes and their type, decided from the
 * bytes among `allowed`.
 */
export async function readOneFile(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; allowed: readonly string[]; messages: UploadMessages },
): Promise<StoredFile> {
  const { field, maxBytes, messages } = opts;
  if (!request.isMultipart()) throw errors.unsupportedMedia(`Send the file as multipart/form-data in "${field}"`);
  let data: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        throw errors.badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      const name = FileNameSchema.safeParse(part.filename);
      if (!name.success) {
        part.file.resume();
        const message = name.error.issues[0]!.message;
        throw errors.validation(message, [{ path: field, message }]);
      }
      data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge(messages.tooLarge);
        throw err;
      });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw errors.tooLarge(messages.tooLarge);
    // busboy's own errors (no boundary, truncated body, ...) are the client's malformed form, not our fault.
    throw errors.badRequest('The form could not be read: send it as multipart/form-data');
  }
  if (!data || data.length === 0)
    throw errors.validation(messages.required, [{ path: field, message: messages.required }]);
  const mime = await detectFileMime(data, opts.allowed, messages);
  return { data, mime, size: data.length };
}

/** A file to send: its bytes in memory or streamed from disk, with their type and length. */
export interface SendableFile {
  data: Buffer | Readable;
  mime: string;
  size: number;
}

/** Whether a request's If-None-Match names this ETag (weakly compared, as RFC 9110 says for GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/** Sends a stored file as its own type, never sniffed, shown in the page rather than downloaded. */
function sendStoredFile(reply: FastifyReply, file: SendableFile, filename: string, cacheControl: string): FastifyReply {
  return reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${filename}"`)
    .send(file.data);
}

/**
 * Sends a private stored file (an identity proof, a pet photo): its own type, never sniffed, never kept by shared
 * caches. `cache` adds to `private` (for example `no-store`, or a max-age when the URL changes with the file).
 */
export function sendPrivateFile(
  reply: FastifyReply,
  file: SendableFile,
  opts: { filename: string; cache?: string },
): FastifyReply {
  return sendStoredFile(reply, file, opts.filename, opts.cache ? `private, ${opts.cache}` : 'private');
}

/**
 * Sends a public stored file (a product's picture) that anyone and any cache may keep. `immutable` when its URL
 * changes with the file (a version in the query): browsers and proxies then keep it a year without asking again.
 */
export function sendPublicFile(
  reply: FastifyReply,
  file: StoredFile,
  opts: { filename: string; immutable?: boolean },
): FastifyReply {
  return sendStoredFile(
    reply,
    file,
    opts.filename,
    opts.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
  );
}

/** The file extension of an allowed upload type ("image/png" -> "png", "application/pdf" -> "pdf"). */
export const extensionOf = (mime: string) => (mime === 'image/jpeg' ? 'jpg' : mime.split('/')[1]!);

/**
 * Reads a multipart form of one file (`field`, as `readOneFile` checks it) and short text fields, which come back as
 * they were sent for the caller's schema to check. Text fields may come before or after the file.
 */
export async function readFileAndFields(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; allowed: readonly string[]; messages: UploadMessages },
): Promise<{ file: StoredFile; fields: Record<string, string> }> {
  const { field, maxBytes, messages } = opts;
  if (!request.isMultipart()) throw errors.unsupportedMedia(`Send the file as multipart/form-data in "${field}"`);
  let data: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw errors.badRequest(`Unexpected file field "${part.fieldname}"`);
      }
      const name = FileNameSchema.safeParse(part.filename);
      if (!name.success) {
        part.file.resume();
        const message = name.error.issues[0]!.message;
        throw errors.validation(message, [{ path: field, message }]);
      }
      data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge(messages.tooLarge);
        throw err;
      });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { statusCode?: number }).statusCode === 413) throw errors.tooLarge(messages.tooLarge);
    throw errors.badRequest('The form could not be read: send it as multipart/form-data');
  }
  if (!data || data.length === 0)
    throw errors.validation(messages.required, [{ path: field, message: messages.required }]);
  const mime = await detectFileMime(data, opts.allowed, messages);
  return { file: { data, mime, size: data.length }, fields };
}
