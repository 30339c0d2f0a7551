/** Query keys of the pets feature. */
export const petKeys = {
  all: ['pets'] as const,
  mine: (archived = false) => ['pets', 'mine', { archived }] as const,
  one: (id: string) => ['pets', 'one', id] as const,
  timeline: (id: string) => ['pets', 'timeline', id] as const,
};
