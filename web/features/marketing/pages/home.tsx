import { ComingSoon } from '../../../components/coming-soon';

/** Reliable Pet Pickup Services */
export default function HomePage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Reliable Pet Pickup Services" description="This page is being written." />;
}
