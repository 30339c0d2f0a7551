import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Folder kinds of stored files under DATA_DIR/files (decision 039). */
export type FileKind = 'pet-photos' | 'identity-proofs' | 'pet-documents';

/** A file written to the store: its key (path under DATA_DIR/files), size and hex SHA-256. */
export interface WrittenFile {
  key: string;
  size: number;
  sha256: string;
}

const KEY_RE = /^[a-z-]+\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.[a-z]+$/;

/** The store's folder under the data directory. */
const rootOf = (dataDir: string) => path.join(dataDir, 'files');

/** The absolute path of a key; a key that is not one of ours is refused (it comes from the database, but still). */
function pathOf(dataDir: string, key: string): string {
  if (!KEY_RE.test(key)) throw new Error('Not a stored file key');
  return path.join(rootOf(dataDir), key);
}

async function fsyncDir(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes bytes for one owner record (a pet) under `files/<kind>/<ownerId>/<new id>.<ext>`: to a temporary file first,
 * fsync'd, then renamed into place and the folder fsync'd, so a crash leaves either the whole file or none. Every
 * write gets a name of its own, so a failed or racing upload never removes a file another row names.
 */
export async function writeStoredFile(
  dataDir: string,
  kind: FileKind,
  ownerId: string,
  data: Buffer,
  ext: string,
): Promise<WrittenFile> {
  const sha256 = createHash('sha256').update(data).digest('hex');
  const key = `${kind}/${ownerId}/${randomUUID()}.${ext}`;
  const target = pathOf(dataDir, key);
  const dir = path.dirname(target);
  const tmpDir = path.join(rootOf(dataDir), 'tmp');
  await Promise.all([mkdir(dir, { recursive: true }), mkdir(tmpDir, { recursive: true })]);
  const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
  const handle = await open(tmp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDir(dir);
  return { key, size: data.length, sha256 };
}

/** A stream of a stored file and its size on disk; undefined when the file is missing. */
export async function openStoredFile(
  dataDir: string,
  key: string,
): Promise<{ stream: ReadStream; size: number } | undefined> {
  const file = pathOf(dataDir, key);
  try {
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Removes a stored file (nothing happens when it is already gone). Called after the row naming it is gone. */
export async function removeStoredFile(dataDir: string, key: string | null | undefined): Promise<void> {
  if (!key) return;
  await rm(pathOf(dataDir, key), { force: true });
}

/** Removes every stored file of one owner record (a deleted account's proof, its pets' photos). */
export async function removeStoredFilesOf(dataDir: string, kind: FileKind, ownerId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(ownerId)) return;
  await rm(path.join(rootOf(dataDir), kind, ownerId), { recursive: true, force: true });
}

/**
 * Removes temporary files older than an hour, left by uploads a crash or a full disk cut short (called at start; a
 * younger one may belong to another server process sharing DATA_DIR, still writing it). Returns how many went.
 */
export async function sweepTemporaryFiles(dataDir: string, now = Date.now()): Promise<number> {
  const tmpDir = path.join(rootOf(dataDir), 'tmp');
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > 60 * 60 * 1000) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** The absolute path of a stored file, for tests that look at the disk. */
export const storedFilePath = pathOf;
