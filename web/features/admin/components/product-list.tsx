import { stockState, type Product } from '#shared/catalogue';
import { formatRupees } from '#shared/money';
import { ActiveBadge } from '../../../components/active-badge.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { type Column } from '../../../components/data-table.tsx';
import { RowMenu } from '../../../components/row-menu.tsx';

/** Units in stock, marked when few are left or none. */
function Stock({ product }: { product: Product }) {
  const state = stockState(product);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 whitespace-nowrap">
      <span>{product.stock}</span>
      {state === 'low' && (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-950">Low</span>
      )}
      {state === 'out' && (
        <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-900">Out of stock</span>
      )}
    </span>
  );
}

const discountText = (p: Product) => (p.discount > 0 ? `${p.discount}%` : 'None');

function Thumbnail({ product }: { product: Product }) {
  // The name is beside it, so the picture itself says nothing more to a screen reader.
  return (
    <img
      src={product.image}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      className="h-12 w-12 rounded-md bg-gray-50 object-contain"
    />
  );
}

export interface ProductListProps {
  products: Product[];
  busyId: number | null;
  onEdit: (p: Product) => void;
  /** Deactivate an active product, reactivate an inactive one (after a confirmation). */
  onToggleActive: (p: Product) => void;
}

function RowActions({
  product,
  busy,
  onEdit,
  onToggleActive,
}: Omit<ProductListProps, 'products' | 'busyId'> & {
  product: Product;
  busy: boolean;
}) {
  const toggle = product.active ? 'Deactivate' : 'Reactivate';
  return (
    <div className="flex justify-end">
      <RowMenu
        label={`More actions for ${product.name}`}
        busy={busy}
        items={[
          { label: 'Edit', ariaLabel: `Edit ${product.name}`, onSelect: () => onEdit(product) },
          {
            label: toggle,
            ariaLabel: `${toggle} ${product.name}`,
            danger: product.active,
            onSelect: () => onToggleActive(product),
          },
        ]}
      />
    </div>
  );
}

/** The admin's products: cards on phones, a table on wider screens, each with Edit and Deactivate/Reactivate in its menu. */
export function ProductList({ products, busyId, onEdit, onToggleActive }: ProductListProps) {
  const actions = (p: Product) => (
    <RowActions product={p} busy={busyId === p.id} onEdit={onEdit} onToggleActive={onToggleActive} />
  );
  const columns: Column<Product>[] = [
    { id: 'picture', header: 'Picture', hideHeader: true, cell: (p) => <Thumbnail product={p} /> },
    { id: 'name', header: 'Name', rowHeader: true, cell: (p) => p.name },
    { id: 'category', header: 'Category', cell: (p) => p.category },
    {
      id: 'price',
      header: 'Price',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (p) => formatRupees(p.price),
    },
    { id: 'discount', header: 'Discount', align: 'right', cell: discountText },
    { id: 'stock', header: 'Stock', cell: (p) => <Stock product={p} /> },
    { id: 'status', header: 'Status', cell: (p) => <ActiveBadge active={p.active} /> },
    { id: 'actions', header: 'Actions', hideHeader: true, cell: actions },
  ];
  return (
    <CardsOrTable
      caption="Products"
      columns={columns}
      rows={products}
      rowKey={(p) => p.id}
      cardHeader={(p) => (
        <div className="flex items-start gap-3">
          <Thumbnail product={p} />
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold break-words">{p.name}</h2>
            <p className="text-sm text-ink-muted">{p.category}</p>
          </div>
          <ActiveBadge active={p.active} />
        </div>
      )}
      cardDetails={(p) => [
        ['Price', formatRupees(p.price)],
        ['Discount', discountText(p)],
        ['Stock', <Stock product={p} />],
      ]}
      cardActions={actions}
    />
  );
}
