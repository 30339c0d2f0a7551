export * from './users';
export * from './notifications';
export * from './slots';
export * from './catalogue';
export * from './orders';
export * from './chat';
export * from './outbox';
export * from './settings';
