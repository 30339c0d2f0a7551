import { useEffect, useState } from 'react';
import { PET_MSG, PET_PHOTO_MAX_BYTES, PET_PHOTO_MIMES, type Pet } from '#shared/pets';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { PetPhoto } from './pet-photo.tsx';

/** The browser's own check of a chosen photo (the server checks its bytes again). */
function photoProblem(file: File): string | null {
  if (!(PET_PHOTO_MIMES as readonly string[]).includes(file.type)) return PET_MSG.photoType;
  if (file.size > PET_PHOTO_MAX_BYTES) return PET_MSG.photoTooLarge;
  return null;
}

/** A preview of a chosen file, as an object URL revoked when it is replaced or the form closes. */
function useFilePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** What the pet form does with the photo when it saves: send a new one (checked here first), remove it, or nothing. */
export function usePhotoChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [remove, setRemove] = useState(false);
  const choose = (chosen: File | null) => {
    const problem = chosen ? photoProblem(chosen) : null;
    setError(problem ?? undefined);
    setFile(problem ? null : chosen);
    if (chosen && !problem) setRemove(false);
  };
  return { file, error, setError, remove, setRemove, choose };
}

/** The pet's photo: a file to choose, with its preview, or the current photo with Remove photo. */
export function PetPhotoField({ pet, choice }: { pet?: Pet; choice: ReturnType<typeof usePhotoChoice> }) {
  const preview = useFilePreview(choice.file);
  return (
    <div className="space-y-2">
      <TextField
        label="Photo"
        type="file"
        accept={PET_PHOTO_MIMES.join(',')}
        hint={`PNG, JPEG or WebP, at most ${PET_PHOTO_MAX_BYTES / 1024 / 1024} MB.`}
        error={choice.error}
        className="file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-900"
        onChange={(e) => choice.choose(e.currentTarget.files?.[0] ?? null)}
      />
      {preview ? (
        <img src={preview} alt="Preview of the chosen photo" className="h-32 w-32 rounded-xl object-cover" />
      ) : (
        pet?.photoUrl &&
        !choice.remove && (
          <div className="flex items-center gap-3">
            <PetPhoto pet={pet} />
            <Button variant="secondary" size="sm" onClick={() => choice.setRemove(true)}>
              Remove photo
            </Button>
          </div>
        )
      )}
      {choice.remove && <p className="text-sm text-ink-muted">The photo will be removed when you save.</p>}
    </div>
  );
}
