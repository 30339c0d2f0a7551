import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

const items: NavItem[] = [
  { to: '/admin/home', label: 'Home' },
  { to: '/admin/customer', label: 'Customer' },
  { to: '/admin/employee', label: 'Employee' },
  { to: '/admin/services', label: 'Services' },
];

function AdminFrame() {
  const { user } = useSession();
  return (
    <SiteFrame
      header={
        <Navbar brandTo="/admin/home" items={items} extra={<ProfileLink to="/admin/profile" name={user?.name} />} />
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
