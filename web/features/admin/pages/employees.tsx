import { PageShell } from '../../../components/page-shell.tsx';
import { UserAdminList } from '../components/user-admin-list.tsx';

/** /admin/employee: every employee, with Make customer and Delete. */
export default function EmployeesPage() {
  return (
    <PageShell title="Employees" intro="Your clinic team. Turn an employee back into a customer, or delete an account.">
      <UserAdminList kind="employees" />
    </PageShell>
  );
}
