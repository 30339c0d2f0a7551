import { StaffLayout, type StaffArea } from './staff-layout.tsx';

// Providers (the vets and trainers customers book) are reached from Admin home and Services: with them, the row of
// twelve links no longer fit a laptop's header and folded behind Menu.
const admin: StaffArea = {
  role: 'admin',
  useItems: (openEmergencies) => [
    { to: '/admin/home', label: 'Home' },
    { to: '/admin/customer', label: 'Customer' },
    { to: '/admin/employee', label: 'Employee' },
    { to: '/admin/services', label: 'Services' },
    { to: '/admin/vaccines', label: 'Vaccines' },
    { to: '/admin/care-due', label: 'Due care' },
    { to: '/admin/emergencies', label: 'Emergencies', badge: openEmergencies, badgeLabel: 'open' },
    { to: '/admin/products', label: 'Products' },
    { to: '/admin/audit', label: 'Audit log' },
    { to: '/admin/analytics', label: 'Analytics' },
    { to: '/admin/settings', label: 'Settings' },
  ],
};

/** Admin pages, for admins only. */
export function AdminLayout() {
  return <StaffLayout area={admin} />;
}
