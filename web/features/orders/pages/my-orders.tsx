import { ComingSoon } from '../../../components/coming-soon';

/** My orders (placeholder until this feature lands). */
export default function MyOrdersPage() {
  return <ComingSoon title="My orders" description="Your order history will appear here soon." />;
}
