import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/public-layout';

type Variant = { variant?: 'public' | 'customer' };

// Each page is its own chunk, fetched on first visit. The declarative router (not the data router) keeps the
// landing page's JavaScript about 17 kB smaller, which the 120 kB budget needs.
const Home = lazy(() => import('../features/marketing/pages/home')) as ComponentType<Variant>;
const Services = lazy(() => import('../features/marketing/pages/services')) as ComponentType<Variant>;
const About = lazy(() => import('../features/marketing/pages/about')) as ComponentType<Variant>;
const Contact = lazy(() => import('../features/marketing/pages/contact')) as ComponentType<Variant>;
const Login = lazy(() => import('../features/auth/pages/login'));
const Register = lazy(() => import('../features/auth/pages/register'));
const Products = lazy(() => import('../features/catalogue/pages/products'));
const MedicalTips = lazy(() => import('../features/catalogue/pages/medical-tips'));
const SlotBooking = lazy(() => import('../features/slots/pages/slot-booking'));
const Checkout = lazy(() => import('../features/orders/pages/checkout'));
const MyOrders = lazy(() => import('../features/orders/pages/my-orders'));
const Profile = lazy(() => import('../features/profile/pages/profile'));
const EmployeeDashboard = lazy(() => import('../features/slots/pages/employee-dashboard'));
const EmployeeSlots = lazy(() => import('../features/slots/pages/employee-slots'));
const EmployeeOrders = lazy(() => import('../features/orders/pages/employee-orders'));
const EmployeeChat = lazy(() => import('../features/chat/pages/employee-chat'));
const AdminHome = lazy(() => import('../features/admin/pages/admin-home'));
const AdminCustomers = lazy(() => import('../features/admin/pages/customers'));
const AdminEmployees = lazy(() => import('../features/admin/pages/employees'));
const NotFound = lazy(() => import('./not-found'));

// Role areas are separate chunks too: a visitor never downloads the admin or employee shell.
const CustomerLayout = lazy(() => import('./layouts/customer-layout').then((m) => ({ default: m.CustomerLayout })));
const EmployeeLayout = lazy(() => import('./layouts/employee-layout').then((m) => ({ default: m.EmployeeLayout })));
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })));

/** Every route of the spec (section 2) plus ours: /customer/my-orders, /employee/orders, /employee/chat. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<Home variant="public" />} />
        <Route path="/home" element={<Home variant="public" />} />
        <Route path="/services" element={<Services variant="public" />} />
        <Route path="/about" element={<About variant="public" />} />
        <Route path="/contact" element={<Contact variant="public" />} />
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/products" element={<Products />} />
      </Route>
      <Route element={<CustomerLayout />}>
        <Route path="/homeusers" element={<Home variant="customer" />} />
        <Route path="/servicescustomers" element={<Services variant="customer" />} />
        <Route path="/aboutcustomers" element={<About variant="customer" />} />
        <Route path="/contactcustomers" element={<Contact variant="customer" />} />
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
