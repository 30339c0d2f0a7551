import { useSession } from '../../lib/session';
import { RequireRole } from '../guards';
import { Navbar, ProfileLink, type NavItem } from './navbar';
import { SiteFrame } from './site-frame';

const items: NavItem[] = [
  { to: '/admin/home', label: 'Home' },
  { to: '/admin/customer', label: 'Customer' },
  { to: '/admin/employee', label: 'Employee' },
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
