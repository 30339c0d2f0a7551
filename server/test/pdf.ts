import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';

/**
 * A PDF read back as a person or a phone would: its text, by a text extractor (pdf.js), and the text of the QR code
 * of its first page, decoded from the embedded image (undefined when there is none or it does not decode).
 */
export async function readPdf(pdf: Uint8Array): Promise<{ text: string; qr: string | undefined }> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { text } = await parser.getText();
    const images = await parser.getImage({ imageDataUrl: false });
    const image = images.pages[0]?.images[0];
    if (!image) return { text, qr: undefined };
    const { data, info } = await sharp(Buffer.from(image.data))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { text, qr: jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data };
  } finally {
    await parser.destroy();
  }
}
