export * from './users';
export * from './notifications';
export * from './slots';
export * from './catalogue';
export * from './chat';
