import { EmergencyAlert, useEmergencyAlerts } from '../../features/emergencies/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

/** A staff area: its role, whose pages live under /<role>/, and its navbar. */
export interface StaffArea {
  role: 'admin' | 'employee';
  /**
   * The area's navbar items, given the number of open emergencies. Called as a hook inside the role guard, so an
   * area may read its own live counts (the employee's unread chat messages) without anyone else loading them.
   */
  useItems: (openEmergencies: number) => NavItem[];
}

// Staff see the emergency queue, its count and the banner for new requests in their own area.
function StaffFrame({ area }: { area: StaffArea }) {
  const { user } = useSession();
  const emergencies = useEmergencyAlerts();
  const items = area.useItems(emergencies.open);
  const base = `/${area.role}`;
  return (
    <SiteFrame
      header={
        <Navbar
          brandTo={`${base}/home`}
          items={items}
          extra={
            <>
              <NotificationBell />
              <ProfileLink to={`${base}/profile`} name={user?.name} />
            </>
          }
          below={
            <EmergencyAlert
              raised={emergencies.raised}
              queuePath={`${base}/emergencies`}
              onDismiss={emergencies.dismiss}
            />
          }
        />
      }
    />
  );
}

/** The pages of a staff area, for its role only (others are sent to /login). */
export function StaffLayout({ area }: { area: StaffArea }) {
  return (
    <RequireRole roles={[area.role]}>
      <StaffFrame area={area} />
    </RequireRole>
  );
}
