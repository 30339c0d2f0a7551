import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { PET_MSG, PET_NAME_MAX, PET_SPECIES, PetCreateSchema, type Pet, type PetSpecies } from '#shared/pets';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { Spinner } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreatePet } from '../../../lib/pets.ts';

/** The pet picker's choice for a pet typed in by hand (the spec's free-text pet name and age). */
export const OTHER_PET = 'other';

export interface PetPickerProps {
  /** The customer's pets; undefined while loading or when they could not be loaded. */
  pets: Pet[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** A pet's id, OTHER_PET, or '' before anything is chosen. */
  value: string;
  onChange: (choice: string) => void;
  error?: string;
  /** The free-text name and age fields, shown under "Someone else". */
  children: ReactNode;
}

const speciesLabel = (s: PetSpecies) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Whom the visit is for: one of the customer's pets, or someone else typed by name. "Add a pet" saves a new pet
 * (name and species; the rest is on My pets) and picks it.
 */
export function PetPicker({ pets, loading, failed, onRetry, value, onChange, error, children }: PetPickerProps) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const [species, setSpecies] = useState<PetSpecies>('dog');
  const [addError, setAddError] = useState<string | undefined>();
  // A pet just added shows at once, before the refetched list has it.
  const [added, setAdded] = useState<Pet[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const create = useCreatePet();

  const list = [...(pets ?? []), ...added.filter((a) => !pets?.some((p) => p.id === a.id))];
  const errorId = 'pet-choice-error';

  function closeAdd() {
    setAdding(false);
    setName('');
    setAddError(undefined);
    requestAnimationFrame(() => addButton.current?.focus());
  }

  function save() {
    const parsed = PetCreateSchema.safeParse({ name, species });
    if (!parsed.success) {
      setAddError(parsed.error.issues[0]?.message ?? PET_MSG.nameRequired);
      nameInput.current?.focus();
      return;
    }
    setAddError(undefined);
    create.mutate(
      { name: parsed.data.name, species: parsed.data.species },
      {
        onSuccess: (pet) => {
          setAdded((a) => [...a, pet]);
          onChange(pet.id);
          toast.success(`${pet.name} was added to your pets.`);
          closeAdd();
        },
        onError: (err) => setAddError(errorMessage(err, 'We could not add the pet. Please try again.')),
      },
    );
  }

  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="space-y-3"
    >
      <legend className="text-sm font-medium text-ink">
        Pet
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner className="h-4 w-4" /> Loading your pets…
        </p>
      ) : failed ? (
        <p role="alert" className="text-sm text-ink">
          We could not load your pets; you can type the pet&apos;s name below.{' '}
          <button type="button" className="font-semibold underline" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : null}
      {list.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {list.map((p) => (
            <PetChoice key={p.id} checked={value === p.id} value={p.id} onChange={onChange}>
              <span className="font-semibold">{p.name}</span>
              <span className="text-ink-muted">
                {' '}
                · {speciesLabel(p.species)}
                {p.ageYears != null && `, ${p.ageYears} ${p.ageYears === 1 ? 'year' : 'years'}`}
              </span>
            </PetChoice>
          ))}
          <PetChoice checked={value === OTHER_PET} value={OTHER_PET} onChange={onChange}>
            <span className="font-semibold">Someone else</span>
            <span className="text-ink-muted"> · type a name</span>
          </PetChoice>
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {value === OTHER_PET && children}

      {adding ? (
        <div
          role="group"
          aria-labelledby="add-pet-title"
          className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
        >
          <p id="add-pet-title" className="font-semibold">
            Add a pet
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              ref={nameInput}
              label="New pet's name"
              markRequired
              autoComplete="off"
              maxLength={PET_NAME_MAX}
              value={name}
              error={addError}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                // Enter saves the pet, not the booking around it.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  save();
                }
              }}
              autoFocus
            />
            <SelectField label="Species" value={species} onChange={(e) => setSpecies(e.target.value as PetSpecies)}>
              {PET_SPECIES.map((s) => (
                <option key={s} value={s}>
                  {speciesLabel(s)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={save} loading={create.isPending}>
              Save pet
            </Button>
            <Button size="sm" variant="secondary" onClick={closeAdd} disabled={create.isPending}>
              Cancel
            </Button>
          </div>
          <p className="text-xs text-ink-muted">Breed, age and health details can be added later on My pets.</p>
        </div>
      ) : (
        <Button ref={addButton} size="sm" variant="secondary" onClick={() => setAdding(true)}>
          Add a pet
        </Button>
      )}
    </fieldset>
  );
}

function PetChoice({
  checked,
  value,
  onChange,
  children,
}: {
  checked: boolean;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink ${
        checked ? 'border-brand-700 bg-brand-50' : 'border-gray-300 bg-white hover:border-brand-700'
      }`}
    >
      <input
        type="radio"
        name="petChoice"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="h-4 w-4 accent-brand-700"
      />
      <span>{children}</span>
    </label>
  );
}
