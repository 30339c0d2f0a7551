/** Query keys of the pets feature. */
export const petKeys = {
  all: ['pets'] as const,
  mine: (archived = false) => ['pets', 'mine', { archived }] as const,
  one: (id: string) => ['pets', 'one', id] as const,
  timeline: (id: string) => ['pets', 'timeline', id] as const,
  /** A photo by its versioned address; outside 'pets' so that refetching the pets does not refetch unchanged photos. */
  photo: (photoUrl: string | null) => ['pet-photo', photoUrl] as const,
};
