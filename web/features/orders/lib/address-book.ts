import { useCallback, useEffect, useState } from 'react';
import { DeliveryAddressSchema, type DeliveryAddress } from '#shared/orders';
import { readJson, writeJson } from '../../../lib/storage.ts';
import { randomId } from '../../../lib/random-id.ts';

/** A saved delivery address (spec section 3: kept on the client only, never saved to the server). */
export interface SavedAddress extends DeliveryAddress {
  id: string;
}

/** Addresses are kept per account, so two people sharing a browser never see each other's. */
const addressBookKey = (userId: string) => `deliveryAddresses:${userId}`;
const MAX_ADDRESSES = 10;

/** Reads the saved addresses, dropping anything that is no longer a valid address. */
function readAddresses(userId: string): SavedAddress[] {
  const raw = readJson<unknown>(addressBookKey(userId));
  if (!Array.isArray(raw)) return [];
  const out: SavedAddress[] = [];
  for (const item of raw) {
    const parsed = DeliveryAddressSchema.safeParse(item);
    const id = (item as { id?: unknown } | null)?.id;
    if (parsed.success && typeof id === 'string') out.push({ id, ...parsed.data });
  }
  return out;
}

/** The account's address book in local storage: add (newest first, at most ten) and remove. */
export function useAddressBook(userId: string) {
  const [addresses, setAddresses] = useState<SavedAddress[]>(() => readAddresses(userId));

  useEffect(() => {
    setAddresses(readAddresses(userId));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === addressBookKey(userId)) setAddresses(readAddresses(userId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  const add = useCallback(
    (address: DeliveryAddress): SavedAddress => {
      const saved = { id: randomId(), ...address };
      const next = [saved, ...readAddresses(userId)].slice(0, MAX_ADDRESSES);
      writeJson(addressBookKey(userId), next);
      setAddresses(next);
      return saved;
    },
    [userId],
  );

  const remove = useCallback(
    (id: string) => {
      const next = readAddresses(userId).filter((a) => a.id !== id);
      writeJson(addressBookKey(userId), next);
      setAddresses(next);
    },
    [userId],
  );

  return { addresses, add, remove };
}

/** The address as one line: "12B, Near Lake Mall, Kolkata, West Bengal 700019, India". */
export function formatAddress(a: DeliveryAddress): string {
  return `${a.house}, ${a.landmark}, ${a.city}, ${a.state} ${a.pin}, ${a.country}`;
}
