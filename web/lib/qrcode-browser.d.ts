// The part of the qrcode package's browser build (its package.json "browser" field: lib/browser.js) that the web app
// uses. tsconfig.web.json maps `qrcode` here: @types/qrcode describes the Node build (files, streams, buffers) and
// brings Node's types into the web app with it.

export interface QRCodeToDataURLOptions {
  errorCorrectionLevel?: 'low' | 'medium' | 'quartile' | 'high' | 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone around the code, in modules. */
  margin?: number;
  /** Width of the image in pixels. */
  width?: number;
  color?: { dark?: string; light?: string };
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
}

/** A data: URL of the QR code of `text`, drawn on a canvas. */
export function toDataURL(text: string, options?: QRCodeToDataURLOptions): Promise<string>;
