import { Route, Routes } from 'react-router';
import AboutPage from '../features/marketing/pages/about';
import ContactPage from '../features/marketing/pages/contact';
import HomePage from '../features/marketing/pages/home';
import ServicesPage from '../features/marketing/pages/services';
import { lazyPage } from '../lib/lazy-page';
import { PublicLayout } from './layouts/public-layout';

// The four marketing pages are small and are where visitors land: they ship with the entry so the first paint
// needs no second round trip. Every other page is its own chunk, fetched on first visit. The declarative router
// (not the data router) keeps the landing page's JavaScript about 17 kB smaller, which the 120 kB budget needs.
const Login = lazyPage(() => import('../features/auth/pages/login'));
const Register = lazyPage(() => import('../features/auth/pages/register'));
const Products = lazyPage(() => import('../features/catalogue/pages/products'));
const MedicalTips = lazyPage(() => import('../features/catalogue/pages/medical-tips'));
const SlotBooking = lazyPage(() => import('../features/slots/pages/slot-booking'));
const Checkout = lazyPage(() => import('../features/orders/pages/checkout'));
const MyOrders = lazyPage(() => import('../features/orders/pages/my-orders'));
const Profile = lazyPage(() => import('../features/profile/pages/profile'));
const EmployeeDashboard = lazyPage(() => import('../features/slots/pages/employee-dashboard'));
const EmployeeSlots = lazyPage(() => import('../features/slots/pages/employee-slots'));
const EmployeeOrders = lazyPage(() => import('../features/orders/pages/employee-orders'));
const EmployeeChat = lazyPage(() => import('../features/chat/pages/employee-chat'));
const AdminHome = lazyPage(() => import('../features/admin/pages/admin-home'));
const AdminCustomers = lazyPage(() => import('../features/admin/pages/customers'));
const AdminEmployees = lazyPage(() => import('../features/admin/pages/employees'));
const NotFound = lazyPage(() => import('./not-found'));

// Role areas are separate chunks too: a visitor never downloads the admin or employee shell.
const CustomerLayout = lazyPage(() => import('./layouts/customer-layout').then((m) => ({ default: m.CustomerLayout })));
const EmployeeLayout = lazyPage(() => import('./layouts/employee-layout').then((m) => ({ default: m.EmployeeLayout })));
const AdminLayout = lazyPage(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));

/** Every route of the spec (section 2) plus ours: /customer/my-orders, /employee/orders, /employee/chat. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<HomePage variant="public" />} />
        <Route path="/home" element={<HomePage variant="public" />} />
        <Route path="/services" element={<ServicesPage variant="public" />} />
        <Route path="/about" element={<AboutPage variant="public" />} />
        <Route path="/contact" element={<ContactPage variant="public" />} />
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/products" element={<Products />} />
      </Route>
      <Route element={<CustomerLayout />}>
        <Route path="/homeusers" element={<HomePage variant="customer" />} />
        <Route path="/servicescustomers" element={<ServicesPage variant="customer" />} />
        <Route path="/aboutcustomers" element={<AboutPage variant="customer" />} />
        <Route path="/contactcustomers" element={<ContactPage variant="customer" />} />
        <Route path="/slots" element={<SlotBooking />} />
        <Route path="/medicaltips" element={<MedicalTips />} />
        <Route path="/customer/product" element={<Products />} />
        <Route path="/customer/orders" element={<Checkout />} />
        <Route path="/customer/my-orders" element={<MyOrders />} />
        <Route path="/customer/profile" element={<Profile />} />
      </Route>
      <Route element={<EmployeeLayout />}>
        <Route path="/employee/home" element={<EmployeeDashboard />} />
        <Route path="/employee/slots" element={<EmployeeSlots />} />
        <Route path="/employee/orders" element={<EmployeeOrders />} />
        <Route path="/employee/chat" element={<EmployeeChat />} />
        <Route path="/employee/profile" element={<Profile />} />
      </Route>
      <Route element={<AdminLayout />}>
        <Route path="/admin/home" element={<AdminHome />} />
        <Route path="/admin/customer" element={<AdminCustomers />} />
        <Route path="/admin/employee" element={<AdminEmployees />} />
        <Route path="/admin/profile" element={<Profile />} />
      </Route>
      <Route element={<PublicLayout />}>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
