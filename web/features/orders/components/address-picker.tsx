import { useId, useState } from 'react';
import type { DeliveryAddress } from '#shared/orders';
import { Button } from '../../../components/button.tsx';
import { formatAddress, type SavedAddress } from '../lib/address-book.ts';
import { AddressForm } from './address-form.tsx';

export interface AddressPickerProps {
  addresses: SavedAddress[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onAdd: (address: DeliveryAddress) => void;
  onRemove: (id: string) => void;
  defaultName?: string;
  /** Opens the form from outside (Buy Now without an address). */
  formOpen: boolean;
  onFormOpenChange: (open: boolean) => void;
}

/** Saved delivery addresses to choose from, and a form to add one. They stay in this browser only. */
export function AddressPicker({
  addresses,
  selectedId,
  onSelect,
  onAdd,
  onRemove,
  defaultName,
  formOpen,
  onFormOpenChange,
}: AddressPickerProps) {
  const groupName = useId();
  const [removing, setRemoving] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      {addresses.length > 0 ? (
        <fieldset>
          <legend className="sr-only">Choose a delivery address</legend>
          <ul className="space-y-2">
            {addresses.map((a) => {
              const checked = a.id === selectedId;
              return (
                <li
                  key={a.id}
                  className={`flex items-start gap-3 rounded-lg border p-3 ${checked ? 'border-brand-700 bg-brand-50' : 'border-gray-200'}`}
                >
                  <input
                    type="radio"
                    id={`${groupName}-${a.id}`}
                    name={groupName}
                    checked={checked}
                    onChange={() => onSelect(a.id)}
                    className="mt-1 h-4 w-4 accent-brand-700"
                  />
                  <label htmlFor={`${groupName}-${a.id}`} className="flex-1 cursor-pointer">
                    <span className="block font-semibold">{a.name}</span>
                    <span className="block text-sm text-ink-muted">{formatAddress(a)}</span>
                  </label>
                  {removing === a.id ? (
                    <span className="flex gap-1">
                      <Button size="sm" variant="danger" onClick={() => onRemove(a.id)}>
                        Remove<span className="sr-only"> this address</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setRemoving(null)}>
                        Keep
                      </Button>
                    </span>
                  ) : (
                    <Button size="sm" variant="ghost" onClick={() => setRemoving(a.id)}>
                      Delete
                      <span className="sr-only">
                        {' '}
                        address of {a.name}, {a.city}
                      </span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        !formOpen && <p className="text-ink-muted">No saved addresses yet.</p>
      )}
      {formOpen ? (
        <div className="rounded-lg border border-gray-200 p-4">
          <h3 className="mb-3 font-semibold">New delivery address</h3>
          <AddressForm
            defaultName={defaultName}
            onSave={(address) => {
              onAdd(address);
              onFormOpenChange(false);
            }}
            onCancel={() => onFormOpenChange(false)}
          />
        </div>
      ) : (
        <Button variant="secondary" onClick={() => onFormOpenChange(true)}>
          + Add a new address
        </Button>
      )}
    </div>
  );
}
