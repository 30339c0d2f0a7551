import { ComingSoon } from '../../../components/coming-soon';

/** Customers */
export default function CustomersPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Customers" description="This page is being written." />;
}
