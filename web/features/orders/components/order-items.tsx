import { Link } from 'react-router';
import { formatRupees } from '#shared/money';
import type { Order } from '#shared/orders';

/** An order's lines: picture, name (a link to the product's page when `productHref` is given), quantity × unit price
 * less the discount, and the line total. */
export function OrderItems({
  items,
  productHref,
}: {
  items: Order['items'];
  productHref?: (productId: number) => string;
}) {
  return (
    <ul className="divide-y divide-gray-100 border-y border-gray-100">
      {items.map((item) => (
        <li key={item.productId} className="flex items-center gap-3 py-2">
          {item.image ? (
            <img
              src={item.image}
              alt=""
              width={48}
              height={36}
              className="h-9 w-12 rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span className="h-9 w-12 shrink-0" />
          )}
          <span className="min-w-0 flex-1">
            {productHref ? (
              <Link to={productHref(item.productId)} className="font-medium text-brand-800 underline">
                {item.name}
              </Link>
            ) : (
              <span className="font-medium">{item.name}</span>
            )}
            <span className="block text-sm text-ink-muted">
              {item.quantity} × {formatRupees(item.unitPrice)}
              {item.discount > 0 && ` − ${item.discount}%`}
            </span>
          </span>
          <span className="font-medium">{formatRupees(item.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
