import { ComingSoon } from '../../../components/coming-soon';

/** Dashboard (placeholder until this feature lands). */
export default function EmployeeDashboardPage() {
  return <ComingSoon title="Dashboard" description="Your dashboard with today's bookings and counts is on its way." />;
}
