import { NavLink } from 'react-router';
import { Icon, type IconProps } from '../../components/icons.tsx';
import { useCart } from '../../lib/cart.ts';

/** A shopping cart; in this file so that only customers' pages load it (the icons module is on every page). */
function CartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.6 12.2a1.5 1.5 0 0 0 1.5 1.3h9.4a1.5 1.5 0 0 0 1.5-1.2L22 7H6" />
    </Icon>
  );
}

/**
 * A red count on the top right corner of an icon button of the customer's header (the button is positioned), read out
 * after the button's name as "Cart, 3 items".
 */
export function IconBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">, </span>
      <span className="absolute -right-1 -top-1 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
        {count > 99 ? '99+' : count}
        <span className="sr-only"> {label}</span>
      </span>
    </>
  );
}

/**
 * The customer's Cart link (/customer/orders, the spec's cart and checkout) with the number of units in the cart,
 * read out as "Cart, 3 items". No count while the cart loads or when it is empty. An icon, like Chat and the profile:
 * with the spec's items and My orders, words would not fit on one line of the header.
 */
export function CartLink() {
  const cart = useCart();
  const count = cart.data?.count ?? 0;
  return (
    <NavLink
      to="/customer/orders"
      title="Cart"
      // One name, "Cart, 3 items": browsers put a space between the hidden pieces of the badge ("Cart , 3 items").
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      className={({ isActive }) =>
        `relative inline-flex items-center rounded-md p-2 text-sm font-medium ${isActive ? 'bg-brand-700 text-white' : 'text-ink hover:bg-gray-100'}`
      }
    >
      <CartIcon className="h-5 w-5" />
      <span className="sr-only">Cart</span>
      <IconBadge count={count} label={count === 1 ? 'item' : 'items'} />
    </NavLink>
  );
}
