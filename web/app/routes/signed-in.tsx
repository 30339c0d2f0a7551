import { Route, Routes } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { lazyPage } from '../../lib/lazy-page.ts';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { AboutPage, ContactPage, HomePage, ProductDetails, Products, ServicesPage } from '../pages.ts';

// Loaded by the router's catch-all (router.tsx): no visitor's first scripts carry these routes. Each page and each
// role's layout is a chunk of its own, fetched when it is first shown, so a page's first load is the app's first
// scripts, its layout, and its own code: keep a new page's heavy libraries (charts, calendars) inside its own
// chunk, never in the layouts or lib/ (`npm run bench:web` measures every route here against 150 kB, decision 049).
const Booking = lazyPage(() => import('../../features/bookings/pages/booking.tsx'));
const Checkout = lazyPage(() => import('../../features/orders/pages/checkout.tsx'));
const MyOrders = lazyPage(() => import('../../features/orders/pages/my-orders.tsx'));
const OrderPage = lazyPage(() => import('../../features/orders/pages/order.tsx'));
const MyInvoices = lazyPage(() => import('../../features/invoices/pages/my-invoices.tsx'));
const InvoicePage = lazyPage(() => import('../../features/invoices/pages/invoice.tsx'));
const Profile = lazyPage(() => import('../../features/profile/pages/profile.tsx'));
const MyPets = lazyPage(() => import('../../features/pets/pages/my-pets.tsx'));
const PetRecord = lazyPage(() => import('../../features/pets/pages/pet-record.tsx'));
const PrescriptionLabel = lazyPage(() => import('../../features/pets/pages/prescription-label.tsx'));
const StaffRefills = lazyPage(() => import('../../features/pets/pages/staff-refills.tsx'));
const AdminVaccines = lazyPage(() => import('../../features/vaccines/pages/admin-vaccines.tsx'));
const CareDue = lazyPage(() => import('../../features/vaccines/pages/care-due.tsx'));
const EmployeeDashboard = lazyPage(() => import('../../features/bookings/pages/employee-dashboard.tsx'));
const EmployeeSlots = lazyPage(() => import('../../features/bookings/pages/staff-bookings.tsx'));
const EmployeeOrders = lazyPage(() => import('../../features/orders/pages/employee-orders.tsx'));
const EmployeeChat = lazyPage(() => import('../../features/chat/pages/employee-chat.tsx'));
const EmployeeRides = lazyPage(() => import('../../features/rides/pages/employee-rides.tsx'));
const CustomerEmergency = lazyPage(() => import('../../features/emergencies/pages/customer-emergency.tsx'));
const StaffEmergencies = lazyPage(() => import('../../features/emergencies/pages/staff-emergencies.tsx'));
const AdminHome = lazyPage(() => import('../../features/admin/pages/admin-home.tsx'));
const AdminCustomers = lazyPage(() => import('../../features/admin/pages/customers.tsx'));
const AdminEmployees = lazyPage(() => import('../../features/admin/pages/employees.tsx'));
const AdminOfferings = lazyPage(() => import('../../features/offerings/pages/admin-offerings.tsx'));
const AdminProviders = lazyPage(() => import('../../features/providers/pages/admin-providers.tsx'));
const AdminProviderTimeOff = lazyPage(() => import('../../features/providers/pages/admin-provider-time-off.tsx'));
const MyTimeOff = lazyPage(() => import('../../features/providers/pages/my-time-off.tsx'));
const AdminProducts = lazyPage(() => import('../../features/admin/pages/admin-products.tsx'));
const AdminAudit = lazyPage(() => import('../../features/audit/pages/admin-audit.tsx'));
const AdminAnalytics = lazyPage(() => import('../../features/analytics/pages/admin-analytics.tsx'));
const AdminClinicSettings = lazyPage(() => import('../../features/clinic-settings/pages/clinic-settings.tsx'));

// Role areas are separate chunks too: a visitor never downloads the admin or employee shell.
const CustomerLayout = lazyPage(() =>
  import('../layouts/customer-layout.tsx').then((m) => ({ default: m.CustomerLayout })),
);
const EmployeeLayout = lazyPage(() =>
  import('../layouts/employee-layout.tsx').then((m) => ({ default: m.EmployeeLayout })),
);
const AdminLayout = lazyPage(() => import('../layouts/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })));
const Notifications = lazyPage(() => import('../../features/notifications/pages/notifications.tsx'));
const MedicalTips = lazyPage(() => import('../../features/catalogue/pages/medical-tips.tsx'));
const NotFound = lazyPage(() => import('../not-found.tsx'));

/** The layout of the signed-in person's own area (pages every role has, as /notifications); visitors go to /login. */
function OwnAreaLayout() {
  const { user } = useSession();
  if (!user) return <RequireRole roles={['user', 'employee', 'admin']}>{null}</RequireRole>;
  if (user.role === 'user') return <CustomerLayout />;
  return user.role === 'employee' ? <EmployeeLayout /> : <AdminLayout />;
}

/** The customer, employee and admin areas, each in its layout, and the not-found page for any other address. */
export default function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<CustomerLayout />}>
        <Route path="/homeusers" element={<HomePage variant="customer" />} />
        <Route path="/servicescustomers" element={<ServicesPage variant="customer" />} />
        <Route path="/aboutcustomers" element={<AboutPage variant="customer" />} />
        <Route path="/contactcustomers" element={<ContactPage variant="customer" />} />
        <Route path="/slots" element={<Booking />} />
        <Route path="/medicaltips" element={<MedicalTips />} />
        <Route path="/customer/product" element={<Products />} />
        <Route path="/customer/product/:id" element={<ProductDetails />} />
        <Route path="/customer/orders" element={<Checkout />} />
        <Route path="/customer/my-orders" element={<MyOrders />} />
        <Route path="/customer/my-orders/:id" element={<OrderPage />} />
        <Route path="/customer/invoices" element={<MyInvoices />} />
        <Route path="/customer/invoices/:id" element={<InvoicePage />} />
        <Route path="/customer/profile" element={<Profile />} />
        <Route path="/customer/pets" element={<MyPets />} />
        <Route path="/customer/pets/:id" element={<PetRecord />} />
        <Route path="/customer/pets/:id/prescriptions/:rxId" element={<PrescriptionLabel />} />
        <Route path="/customer/emergency" element={<CustomerEmergency />} />
      </Route>
      <Route element={<EmployeeLayout />}>
        <Route path="/employee/home" element={<EmployeeDashboard />} />
        <Route path="/employee/slots" element={<EmployeeSlots />} />
        <Route path="/employee/orders" element={<EmployeeOrders />} />
        <Route path="/employee/chat" element={<EmployeeChat />} />
        <Route path="/employee/rides" element={<EmployeeRides />} />
        <Route path="/employee/profile" element={<Profile />} />
        <Route path="/employee/pets/:id" element={<PetRecord />} />
        <Route path="/employee/pets/:id/prescriptions/:rxId" element={<PrescriptionLabel />} />
        <Route path="/employee/refills" element={<StaffRefills />} />
        <Route path="/employee/emergencies" element={<StaffEmergencies />} />
        <Route path="/employee/care-due" element={<CareDue />} />
        <Route path="/employee/time-off" element={<MyTimeOff />} />
      </Route>
      <Route element={<AdminLayout />}>
        <Route path="/admin/home" element={<AdminHome />} />
        <Route path="/admin/customer" element={<AdminCustomers />} />
        <Route path="/admin/employee" element={<AdminEmployees />} />
        <Route path="/admin/services" element={<AdminOfferings />} />
        <Route path="/admin/providers" element={<AdminProviders />} />
        <Route path="/admin/providers/:id/time-off" element={<AdminProviderTimeOff />} />
        <Route path="/admin/products" element={<AdminProducts />} />
        <Route path="/admin/audit" element={<AdminAudit />} />
        <Route path="/admin/analytics" element={<AdminAnalytics />} />
        <Route path="/admin/settings" element={<AdminClinicSettings />} />
        <Route path="/admin/profile" element={<Profile />} />
        <Route path="/admin/emergencies" element={<StaffEmergencies />} />
        <Route path="/admin/vaccines" element={<AdminVaccines />} />
        <Route path="/admin/care-due" element={<CareDue />} />
      </Route>
      <Route element={<OwnAreaLayout />}>
        <Route path="/notifications" element={<Notifications />} />
      </Route>
      <Route element={<PublicLayout />}>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
