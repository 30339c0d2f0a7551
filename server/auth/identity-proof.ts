import { fileTypeFromBuffer } from 'file-type';
import { IDENTITY_PROOF_MIMES } from '#shared/constants';
import { errors } from '../errors.ts';

/** Decides a proof's type from its bytes (not its name or declared type): PNG, JPEG, WebP or PDF only. */
export async function detectProofMime(data: Buffer): Promise<string> {
  if (data.length === 0) throw errors.validation('Identity proof is required');
  const type = await fileTypeFromBuffer(data);
  if (!type || !(IDENTITY_PROOF_MIMES as readonly string[]).includes(type.mime)) {
    throw errors.unsupportedMedia('Identity proof must be a PNG, JPEG, WebP image or a PDF');
  }
  return type.mime;
}
