import { Navbar, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

const items: NavItem[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Product' },
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/login', label: 'Login' },
  { to: '/register', label: 'Sign Up' },
];

/** Pages for visitors: Home, Product, Services, About, Contact, Login, Sign Up. */
export function PublicLayout() {
  return <SiteFrame header={<Navbar brandTo="/" items={items} />} />;
}
