import { useChatUnreadCount } from '../../features/chat/index.ts';
import { StaffLayout, type StaffArea } from './staff-layout.tsx';

const employee: StaffArea = {
  role: 'employee',
  useItems: function useEmployeeItems(openEmergencies) {
    const unread = useChatUnreadCount();
    return [
      { to: '/employee/home', label: 'Home' },
      { to: '/employee/slots', label: 'Schedule' },
      { to: '/employee/orders', label: 'Orders' },
      { to: '/employee/chat', label: 'Chat', badge: unread },
      { to: '/employee/emergencies', label: 'Emergencies', badge: openEmergencies, badgeLabel: 'open' },
      { to: '/employee/rides', label: 'Rides' },
      { to: '/employee/refills', label: 'Refills' },
      { to: '/employee/care-due', label: 'Due care' },
      { to: '/employee/time-off', label: 'Time off' },
    ];
  },
};

/** Employee pages: non-employees are sent to /login (the spec's dashboard guard, applied to the whole area). */
export function EmployeeLayout() {
  return <StaffLayout area={employee} />;
}
