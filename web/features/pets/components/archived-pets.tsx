import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Pet } from '#shared/pets';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePets } from '../../../lib/pets.ts';
import { useDeletePetPhoto } from '../api/delete-pet-photo.ts';
import { useStorageUse } from '../api/get-storage.ts';
import { PetPhoto } from './pet-photo.tsx';

/** "1.4 MB", "320 kB": a size as people read it. */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(bytes === 0 ? 0 : 1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How much of the account's photo space is used: archived pets' photos count too. */
export function StorageLine() {
  const use = useStorageUse();
  if (!use.data) return null;
  const { usedBytes, quotaBytes } = use.data;
  return (
    <p className="text-sm text-ink-muted">
      Photos take up {formatSize(usedBytes)} of your {formatSize(quotaBytes)}.
    </p>
  );
}

/**
 * The customer's archived pets, each with a link to its record and, when it has a photo, a way to remove that photo
 * (it still counts in the account's photo space). Nothing is shown while there are none.
 */
export function ArchivedPets() {
  const archived = usePets({ archived: true });
  const removePhoto = useDeletePetPhoto();
  const [asking, setAsking] = useState<Pet | null>(null);
  if (!archived.data || archived.data.length === 0) return null;

  const confirm = async () => {
    if (!asking) return;
    try {
      await removePhoto.mutateAsync(asking.id);
      toast.success(`${asking.name}'s photo is removed`);
      setAsking(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not remove the photo. Please try again.'));
    }
  };

  return (
    <section aria-labelledby="archived-pets" className="mt-10">
      <h2 id="archived-pets" className="themed mb-3 text-xl font-bold">
        Archived pets
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {archived.data.map((pet) => (
          <li key={pet.id} className="flex items-center gap-3 rounded-xl bg-white p-3 text-ink ring-1 ring-black/5">
            <PetPhoto pet={pet} />
            <div className="min-w-0 flex-1 space-y-1">
              <Link to={`/customer/pets/${pet.id}`} className="block truncate font-semibold underline">
                {pet.name}
              </Link>
              {pet.photoUrl && (
                <Button size="sm" variant="secondary" onClick={() => setAsking(pet)}>
                  Remove photo <span className="sr-only">of {pet.name}</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `Remove ${asking.name}'s photo?` : ''}
        confirmLabel="Remove photo"
        variant="danger"
        busy={removePhoto.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        <p>The photo is deleted for good and frees its space. {asking?.name}&apos;s history stays.</p>
      </ConfirmDialog>
    </section>
  );
}
