export * from './users.ts';
export * from './notifications.ts';
export * from './slots.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './chat.ts';
export * from './outbox.ts';
export * from './settings.ts';
