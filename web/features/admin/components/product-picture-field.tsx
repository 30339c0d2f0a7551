import { useEffect, useState } from 'react';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MIMES, type Product } from '#shared/catalogue';
import { TextField } from '../../../components/field.tsx';

/**
 * A preview of a chosen file, as an object URL revoked when it is replaced or the form closes. Only a file the browser
 * can decode is previewed: there is nothing to show of other bytes (the server refuses them with its own message),
 * and Chrome reports an <img> of undecodable blob bytes as a Content-Security-Policy violation.
 */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!file || typeof URL.createObjectURL !== 'function') return;
    let canceled = false;
    let objectUrl: string | null = null;
    const show = () => {
      if (canceled) return;
      objectUrl = URL.createObjectURL(file);
      setUrl(objectUrl);
    };
    if (typeof createImageBitmap === 'function')
      createImageBitmap(file).then(
        (bitmap) => {
          bitmap.close();
          show();
        },
        () => {},
      );
    else show();
    return () => {
      canceled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return url;
}

/** The product's picture: a file to choose with its preview, else the current picture of a saved product. */
export function ProductPictureField({
  saved,
  picture,
  error,
  onChoose,
}: {
  saved: Product | null;
  picture: File | null;
  error?: string;
  onChoose: (file: File | null) => void;
}) {
  const preview = useFilePreview(picture);
  return (
    <div className="space-y-2">
      <TextField
        label="Picture"
        type="file"
        accept={PRODUCT_IMAGE_MIMES.join(',')}
        hint={`PNG, JPEG or WebP, at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.${saved ? ' A new one replaces the current picture.' : ''}`}
        error={error}
        className="file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
        onChange={(e) => onChoose(e.currentTarget.files?.[0] ?? null)}
      />
      {preview ? (
        <img src={preview} alt="Preview of the chosen picture" className="h-32 w-32 rounded-xl object-cover" />
      ) : (
        saved && (
          <img
            src={saved.image}
            alt={`Current picture of ${saved.name}`}
            className="h-32 w-32 rounded-xl bg-gray-50 object-contain"
          />
        )
      )}
    </div>
  );
}
