import { ComingSoon } from '../../../components/coming-soon';

/** Orders (placeholder until this feature lands). */
export default function EmployeeOrdersPage() {
  return <ComingSoon title="Orders" description="Customer orders will appear here soon." />;
}
