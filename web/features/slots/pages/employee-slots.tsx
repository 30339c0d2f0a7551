import { ComingSoon } from '../../../components/coming-soon';

/** Schedule (placeholder until this feature lands). */
export default function EmployeeSlotsPage() {
  return <ComingSoon title="Schedule" description="The list of booked slots, with confirm and cancel, is on its way." />;
}
