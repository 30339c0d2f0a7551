export { NotificationBell } from './bell.tsx';
