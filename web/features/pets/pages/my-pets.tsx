import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Pet } from '#shared/pets';
import { Button } from '../../../components/button.tsx';
import { ConfirmDialog, Dialog } from '../../../components/dialog.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useArchivePet } from '../api/archive-pet.ts';
import { usePets } from '../../../lib/pets.ts';
import { ArchivedPets, StorageLine } from '../components/archived-pets.tsx';
import { PetCard } from '../components/pet-card.tsx';
import { PetForm } from '../components/pet-form.tsx';

/** /customer/pets: the customer's pets as cards; add, edit and archive them. */
export default function MyPetsPage() {
  const pets = usePets();
  const archive = useArchivePet();
  const [editing, setEditing] = useState<Pet | 'new' | null>(null);
  const [archiving, setArchiving] = useState<Pet | null>(null);

  const onArchive = async () => {
    if (!archiving) return;
    try {
      await archive.mutateAsync(archiving.id);
      toast.success(`${archiving.name} is archived`);
      setArchiving(null);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not archive the pet. Please try again.'));
    }
  };

  const addButton = <Button onClick={() => setEditing('new')}>Add a pet</Button>;
  return (
    <PageShell
      title="My pets"
      intro="Keep your pets' details here, book visits for them and see their visit history."
      actions={pets.data && pets.data.length > 0 ? addButton : undefined}
    >
      {pets.isPending ? (
        <LoadingState label="Loading your pets…" />
      ) : pets.isError ? (
        <ErrorState
          message={errorMessage(pets.error, 'Could not load your pets.')}
          onRetry={() => void pets.refetch()}
        />
      ) : pets.data.length === 0 ? (
        <EmptyState title="No pets yet">
          <p>Add your pet to book visits for them and keep their history in one place.</p>
          <div className="mt-4">{addButton}</div>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your pets">
          {pets.data.map((pet) => (
            <PetCard key={pet.id} pet={pet} onEdit={() => setEditing(pet)} onArchive={() => setArchiving(pet)} />
          ))}
        </ul>
      )}
      {pets.data && (
        <div className="mt-4">
          <StorageLine />
        </div>
      )}
      <ArchivedPets />

      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'Add a pet' : editing ? `Edit ${editing.name}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <PetForm
            pet={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={archiving !== null}
        title={archiving ? `Archive ${archiving.name}?` : ''}
        confirmLabel="Archive"
        variant="danger"
        busy={archive.isPending}
        onConfirm={() => void onArchive()}
        onCancel={() => setArchiving(null)}
      >
        <p>{archiving?.name} leaves your list and can no longer be booked. Past bookings and visit records are kept.</p>
      </ConfirmDialog>
    </PageShell>
  );
}
