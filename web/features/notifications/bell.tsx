import { NavLink } from 'react-router';
import { Icon, type IconProps } from '../../components/icons.tsx';
import { useUnreadNotifications } from './api.ts';

function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

/**
 * The navbar's bell: a link to /notifications named "Notifications" and, with unread ones, "Notifications, 3 unread",
 * the count on the icon kept live (new notifications, reads in other tabs).
 */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  return (
    <NavLink
      to="/notifications"
      title="Notifications"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      className={({ isActive }) =>
        `relative inline-flex items-center rounded-md p-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-gray-100'}`
      }
    >
      <BellIcon className="h-5 w-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
