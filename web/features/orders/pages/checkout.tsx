import { ComingSoon } from '../../../components/coming-soon';

/** Cart and checkout (placeholder until this feature lands). */
export default function CheckoutPage() {
  return <ComingSoon title="Cart and checkout" description="Buying pet products online is almost ready." />;
}
