import { useState } from 'react';
import { ChatIcon } from '../../components/icons.tsx';
import { CustomerChat, useChatUnreadCount } from '../../features/chat/index.ts';
import { useSession } from '../../lib/session.tsx';
import { RequireRole } from '../guards.tsx';
import { Navbar, ProfileLink, UnreadBadge, type NavItem } from './navbar.tsx';
import { SiteFrame } from './site-frame.tsx';

const items: NavItem[] = [
  { to: '/homeusers', label: 'Home' },
  { to: '/customer/product', label: 'Product' },
  { to: '/medicaltips', label: 'Medical Tips' },
  { to: '/slots', label: 'Slot Booking' },
  { to: '/customer/pets', label: 'My pets' },
  { to: '/servicescustomers', label: 'Services' },
  { to: '/aboutcustomers', label: 'About' },
  { to: '/contactcustomers', label: 'Contact' },
];

function ChatToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const unread = useChatUnreadCount();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={open}
      className={`relative inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium ${open ? 'bg-brand-700 text-white' : 'text-ink hover:bg-gray-100'}`}
    >
      <ChatIcon className="h-5 w-5" />
      <span>Chat</span>
      <UnreadBadge count={unread} />
    </button>
  );
}

function CustomerFrame() {
  const { user } = useSession();
  const [chatOpen, setChatOpen] = useState(false);
  return (
    <SiteFrame
      header={
        <Navbar
          brandTo="/homeusers"
          items={items}
          extra={
            <>
              <ChatToggle open={chatOpen} onToggle={() => setChatOpen((v) => !v)} />
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

/** Customer pages (role user): navbar with Chat toggle and profile icon, and the chat box. */
export function CustomerLayout() {
  return (
    <RequireRole roles={['user']}>
      <CustomerFrame />
    </RequireRole>
  );
}
