import { Navigate, useLocation } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/button.tsx';
import { homePathFor, useSession } from '../../lib/session.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { customerPageOf, profilePathOf } from './role-nav.ts';
import { SiteFrame } from './site-frame.tsx';

const items: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Product' },
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];
const visitorItems: NavItem[] = [...items, { to: '/login', label: 'Login' }, { to: '/register', label: 'Sign Up' }];

/**
 * Pages for visitors: Home, Product, Services, About, Contact, Login, Sign Up. Someone signed in never sees Login and
 * Sign Up. A customer who opens a public page that has a customer page of its own (/, /products, a product's page...)
 * goes to theirs, with their own navbar, chat and cart. On the other public pages (the account links of e-mails, a
 * page not found), and for staff, the navbar shows the site's links (which take a customer to theirs), the brand leads
 * to the person's home, and the profile icon and Logout replace Login and Sign Up.
 */
export function PublicLayout() {
  const { user, logout } = useSession();
  const { pathname, search } = useLocation();
  const own = user?.role === 'user' ? customerPageOf(pathname) : null;
  if (own) return <Navigate to={own + search} replace />;

  const header = user ? (
    <Navbar
      brandTo={homePathFor(user.role) ?? '/'}
      items={items}
      extra={
        <>
          <ProfileLink to={profilePathOf(user.role)} name={user.name} />
          <Button
            variant="ghost"
            onClick={() => {
              logout();
              toast.info('You have been logged out.');
            }}
          >
            Logout
          </Button>
        </>
      }
    />
  ) : (
    <Navbar brandTo="/" items={visitorItems} />
  );
  return <SiteFrame header={header} />;
}
