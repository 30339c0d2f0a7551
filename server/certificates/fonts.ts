import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

/*
 * The certificate's typeface: IBM Plex Sans Devanagari (OFL), from the npm package @ibm/plex-sans-devanagari, whose
 * one font holds Latin and Devanagari. The package ships WOFF only; pdfkit (through fontkit) reads WOFF, but decodes
 * its compressed tables again for every document (about 0.1 s a face), so the files are unpacked once, at start, to
 * the plain OpenType font they wrap (WOFF 1.0: each table is zlib-compressed, or stored as is).
 */

const require = createRequire(import.meta.url);

/** The OpenType font inside a WOFF 1.0 file (W3C WOFF 1.0, section 4): the same tables, uncompressed. */
function woffToOpenType(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  let selector = 0;
  while (1 << (selector + 1) <= count) selector += 1;
  const searchRange = (1 << selector) * 16;
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(selector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const pad = (4 - (t.data.length % 4)) % 4;
    parts.push(t.data, Buffer.alloc(pad));
    offset += t.data.length + pad;
  });
  return Buffer.concat(parts);
}

/** The regular and the semi-bold face, or null when the font package is not installed (the PDF then uses Helvetica). */
function loadFonts(): { regular: Buffer; bold: Buffer } | null {
  try {
    const face = (file: string) => woffToOpenType(readFileSync(file));
    return {
      regular: face(
        require.resolve('@ibm/plex-sans-devanagari/fonts/complete/woff/IBMPlexSansDevanagari-Regular.woff'),
      ),
      bold: face(require.resolve('@ibm/plex-sans-devanagari/fonts/complete/woff/IBMPlexSansDevanagari-SemiBold.woff')),
    };
  } catch {
    return null;
  }
}

let loaded: ReturnType<typeof loadFonts> | undefined;
/** The faces, read once, at the first certificate (a server that never prints one never reads them). */
export function certificateFonts(): { regular: Buffer; bold: Buffer } | null {
  if (loaded === undefined) loaded = loadFonts();
  return loaded;
}
