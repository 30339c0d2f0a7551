import { useState } from 'react';
import { NavLink } from 'react-router';
import { ChatIcon, EmergencyIcon } from '../../components/icons.tsx';
import { VerifyEmailBanner } from '../../components/verify-email-banner.tsx';
import { CustomerChat, useChatUnreadCount } from '../../features/chat/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { useLiveCart } from '../../lib/cart.ts';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';
import { CartLink, IconBadge } from './cart-link.tsx';
import { usePendingCartAdd } from './use-pending-cart-add.ts';

const items: NavItem[] = [
  { to: '/homeusers', label: 'Home' },
  { to: '/customer/product', label: 'Product' },
  { to: '/medicaltips', label: 'Medical Tips' },
  { to: '/slots', label: 'Slot Booking' },
  { to: '/customer/pets', label: 'My pets' },
  { to: '/servicescustomers', label: 'Services' },
  { to: '/aboutcustomers', label: 'About' },
  { to: '/contactcustomers', label: 'Contact' },
  { to: '/customer/my-orders', label: 'My orders' },
];

function ChatToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const unread = useChatUnreadCount();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={open}
      title="Chat"
      className={`relative inline-flex items-center rounded-md p-2 text-sm font-medium ${open ? 'bg-brand-700 text-white' : 'text-ink hover:bg-gray-100'}`}
    >
      <ChatIcon className="h-5 w-5" />
      {/* An icon, like Cart and the profile: with the spec's items and My orders, words would not fit on one line. */}
      <span className="sr-only">Chat</span>
      <IconBadge count={unread} label="unread" />
    </button>
  );
}

/** Emergency care, always in sight: red, beside Chat and Cart, and on a phone too (its word hidden on the narrowest). */
function EmergencyLink() {
  return (
    <NavLink
      to="/customer/emergency"
      title="Emergency care"
      className={({ isActive }) =>
        `inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-semibold text-white ${isActive ? 'bg-red-900' : 'bg-red-700 hover:bg-red-800'}`
      }
    >
      <EmergencyIcon className="h-5 w-5" />
      <span className="sr-only min-[420px]:not-sr-only">Emergency</span>
    </NavLink>
  );
}

function CustomerFrame() {
  const { user } = useSession();
  const [chatOpen, setChatOpen] = useState(false);
  // The cart's count follows changes made in the customer's other tabs; a product chosen before login joins the cart.
  useLiveCart();
  usePendingCartAdd();
  return (
    <SiteFrame
      header={
        <Navbar
          brandTo="/homeusers"
          below={<VerifyEmailBanner />}
          items={items}
          extra={
            <>
              <EmergencyLink />
              <ChatToggle open={chatOpen} onToggle={() => setChatOpen((v) => !v)} />
              <NotificationBell />
              <CartLink />
              <ProfileLink to="/customer/profile" name={user?.name} />
            </>
          }
        />
      }
    >
      <CustomerChat open={chatOpen} onOpenChange={setChatOpen} />
    </SiteFrame>
  );
}

/** Customer pages (role user): navbar with Chat toggle, Cart with its count and profile icon, and the chat box. */
export function CustomerLayout() {
  return (
    <RequireRole roles={['user']}>
      <CustomerFrame />
    </RequireRole>
  );
}
