import { Route, Routes } from 'react-router';
import { lazyPage } from '../lib/lazy-page.ts';
import { PublicLayout } from './layouts/public-layout.tsx';
import { AboutPage, ContactPage, HomePage, ProductDetails, Products, ServicesPage } from './pages.ts';

// The first scripts of every page hold only the public routes; each page is its own chunk (a prerendered page stays
// on screen as HTML until its chunk is there), and the signed-in areas are one chunk more (routes/signed-in.tsx),
// whose layouts and pages are chunks of their own again. The declarative router (not the data router) keeps the
// first scripts about 17 kB smaller. Budgets: landing page 110 kB, any signed-in page's first load 150 kB
// (`npm run bench:web`, decision 049).
const Login = lazyPage(() => import('../features/auth/pages/login.tsx'));
const Register = lazyPage(() => import('../features/auth/pages/register.tsx'));
const ForgotPassword = lazyPage(() => import('../features/auth/pages/forgot-password.tsx'));
const ResetPassword = lazyPage(() => import('../features/auth/pages/reset-password.tsx'));
const VerifyEmail = lazyPage(() => import('../features/auth/pages/verify-email.tsx'));
const AcceptInvitation = lazyPage(() => import('../features/auth/pages/accept-invitation.tsx'));
const Unsubscribe = lazyPage(() => import('../features/profile/pages/unsubscribe.tsx'));
const VerifyCertificate = lazyPage(() => import('../features/certificates/pages/verify-certificate.tsx'));
// Every customer, employee and admin route, and the not-found page.
const SignedInRoutes = lazyPage(() => import('./routes/signed-in.tsx'));

/**
 * Every route of the spec (section 2) plus ours: the public ones here, the signed-in areas (customer, employee,
 * admin) and the not-found page in routes/signed-in.tsx, which the catch-all loads.
 */
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
        <Route path="/products/:id" element={<ProductDetails />} />
        <Route path="/unsubscribe" element={<Unsubscribe />} />
        <Route path="/verify/:code" element={<VerifyCertificate />} />
        {/* The account pages of shared/accounts.ts ACCOUNT_PAGES (a literal here: the entry must not load zod). */}
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/verify-email" element={<VerifyEmail />} />
        <Route path="/accept-invitation" element={<AcceptInvitation />} />
      </Route>
      <Route path="*" element={<SignedInRoutes />} />
    </Routes>
  );
}
