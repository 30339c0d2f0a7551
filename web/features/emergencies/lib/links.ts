/** A tel: address for a phone number as people write it ("+91 98765 43210"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A map search for an address, opened in the maps app or site of the device. */
export const mapsHref = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
