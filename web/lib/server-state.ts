// The query cache's hydration (main.tsx): a chunk of its own, loaded only by a page the server rendered with data.
export { hydrate } from '@tanstack/react-query';
