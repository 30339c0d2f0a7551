import { useEffect, useId, useRef, useState } from 'react';
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
  const addButton = useRef<HTMLButtonElement>(null);
  // Each of these actions removes the control that had the focus. Once the screen shows the result, the focus goes to
  // the address now chosen (after a save or a removal), back to the button that opened the form (after Cancel), or to
  // an element by its id (Delete after Keep).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    let target: HTMLElement | null;
    if (next === 'selected') {
      // After a removal the page may not have chosen another address yet: wait for its choice.
      if (selectedId && !addresses.some((a) => a.id === selectedId)) return;
      target = selectedId ? document.getElementById(`${groupName}-${selectedId}`) : null;
    } else target = next === 'add' ? null : document.getElementById(next);
    focusNext.current = null;
    (target ?? addButton.current)?.focus();
  }, [formOpen, selectedId, addresses, removing, groupName]);

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
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => {
                          focusNext.current = 'selected';
                          onRemove(a.id);
                        }}
                      >
                        Remove <span className="sr-only">this address</span>
                      </Button>
                      {/* The question replaces Delete, which had the focus: the safe answer takes it. */}
                      <Button
                        size="sm"
                        variant="ghost"
                        autoFocus
                        onClick={() => {
                          focusNext.current = `${groupName}-${a.id}-delete`;
                          setRemoving(null);
                        }}
                      >
                        Keep
                      </Button>
                    </span>
                  ) : (
                    <Button
                      id={`${groupName}-${a.id}-delete`}
                      size="sm"
                      variant="ghost"
                      onClick={() => setRemoving(a.id)}
                    >
                      Delete{' '}
                      <span className="sr-only">
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
              focusNext.current = 'selected';
              onAdd(address);
              onFormOpenChange(false);
            }}
            onCancel={() => {
              focusNext.current = 'add';
              onFormOpenChange(false);
            }}
          />
        </div>
      ) : (
        <Button ref={addButton} variant="secondary" onClick={() => onFormOpenChange(true)}>
          + Add a new address
        </Button>
      )}
    </div>
  );
}
