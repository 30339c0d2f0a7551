import { ComingSoon } from '../../../components/coming-soon';

/** Employees */
export default function EmployeesPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Employees" description="This page is being written." />;
}
