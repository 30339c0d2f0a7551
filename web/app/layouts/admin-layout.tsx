import { EmergencyAlert, useEmergencyAlerts } from '../../features/emergencies/index.ts';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

// Admins are staff too: they see the emergency queue, its count and the banner for new requests in their own area.
function AdminFrame() {
  const { user } = useSession();
  const emergencies = useEmergencyAlerts();
  const items: NavItem[] = [
    { to: '/admin/home', label: 'Home' },
    { to: '/admin/customer', label: 'Customer' },
    { to: '/admin/employee', label: 'Employee' },
    { to: '/admin/services', label: 'Services' },
    { to: '/admin/emergencies', label: 'Emergencies', badge: emergencies.open, badgeLabel: 'open' },
    { to: '/admin/products', label: 'Products' },
    { to: '/admin/audit', label: 'Audit log' },
    { to: '/admin/analytics', label: 'Analytics' },
    { to: '/admin/settings', label: 'Settings' },
  ];
  return (
    <SiteFrame
      header={
        <Navbar
          brandTo="/admin/home"
          items={items}
          extra={<ProfileLink to="/admin/profile" name={user?.name} />}
          below={
            <EmergencyAlert
              raised={emergencies.raised}
              queuePath="/admin/emergencies"
              onDismiss={emergencies.dismiss}
            />
          }
        />
      }
    />
  );
}

/** Admin pages, for admins only. */
export function AdminLayout() {
  return (
    <RequireRole roles={['admin']}>
      <AdminFrame />
    </RequireRole>
  );
}
