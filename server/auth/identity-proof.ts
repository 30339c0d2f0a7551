import { IDENTITY_PROOF_MIMES } from '#shared/account-rules';
import { detectFileMime } from '../lib/uploads.ts';

/** Decides a proof's type from its bytes (not its name or declared type): PNG, JPEG, WebP or PDF only. */
export function detectProofMime(data: Buffer): Promise<string> {
  return detectFileMime(data, IDENTITY_PROOF_MIMES, {
    required: 'Identity proof is required',
    type: 'Identity proof must be a PNG, JPEG, WebP image or a PDF',
  });
}
