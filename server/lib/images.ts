import sharp from 'sharp';
import { errors } from '../errors.ts';

/** The longest side of a stored photo, in pixels: what a screen shows a pet at. */
export const PHOTO_MAX_SIDE = 1024;
/** WebP quality of stored photos. */
const PHOTO_QUALITY = 80;
/** Larger pictures (in pixels) are refused before they are decoded: a small file must not unpack to gigabytes. */
const MAX_INPUT_PIXELS = 50_000_000;

/** A photo as stored: WebP bytes and their type. */
export interface StoredImage {
  data: Buffer;
  mime: 'image/webp';
}

/**
 * Re-encodes an uploaded picture (already judged by its bytes) for storage: turned as its EXIF says, downscaled to at
 * most PHOTO_MAX_SIDE on its long side, WebP at quality 80, and without any metadata (no EXIF, so no GPS position).
 * A picture that cannot be decoded is a 415 with `typeMessage`.
 */
export async function photoForStorage(data: Buffer, typeMessage: string): Promise<StoredImage> {
  try {
    const out = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PHOTO_QUALITY })
      .toBuffer();
    return { data: out, mime: 'image/webp' };
  } catch {
    throw errors.unsupportedMedia(typeMessage);
  }
}
