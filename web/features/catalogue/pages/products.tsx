import { ComingSoon } from '../../../components/coming-soon';
import { useSession } from '../../../lib/session';

/** The product catalogue, public at /products and for customers at /customer/product (placeholder). */
export default function ProductsPage() {
  const { user } = useSession();
  return (
    <ComingSoon
      title="Products"
      description={
        user?.role === 'user'
          ? 'Our pet food, toys, accessories and care products will be here soon, ready to add to your cart.'
          : 'Our pet food, toys, accessories and care products will be here soon.'
      }
    />
  );
}
