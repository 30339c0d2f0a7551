import { useChatUnreadCount } from '../../features/chat/index.ts';
import { EmergencyAlert, useEmergencyAlerts } from '../../features/emergencies/index.ts';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

function EmployeeFrame() {
  const { user } = useSession();
  const unread = useChatUnreadCount();
  const emergencies = useEmergencyAlerts();
  const items: NavItem[] = [
    { to: '/employee/home', label: 'Home' },
    { to: '/employee/slots', label: 'Schedule' },
    { to: '/employee/orders', label: 'Orders' },
    { to: '/employee/chat', label: 'Chat', badge: unread },
    { to: '/employee/emergencies', label: 'Emergencies', badge: emergencies.open, badgeLabel: 'open' },
    { to: '/employee/rides', label: 'Rides' },
  ];
  return (
    <SiteFrame
      header={
        <Navbar
          brandTo="/employee/home"
          items={items}
          extra={<ProfileLink to="/employee/profile" name={user?.name} />}
          below={
            <EmergencyAlert
              raised={emergencies.raised}
              queuePath="/employee/emergencies"
              onDismiss={emergencies.dismiss}
            />
          }
        />
      }
    />
  );
}

/** Employee pages: non-employees are sent to /login (the spec's dashboard guard, applied to the whole area). */
export function EmployeeLayout() {
  return (
    <RequireRole roles={['employee']}>
      <EmployeeFrame />
    </RequireRole>
  );
}
