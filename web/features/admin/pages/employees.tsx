import { PageShell } from '../../../components/page-shell.tsx';
import { InviteEmployeeForm } from '../components/invite-employee-form.tsx';
import { UserAdminList } from '../components/user-admin-list.tsx';

/** /admin/employee: Invite employee, then every employee, with Make customer and Delete. */
export default function EmployeesPage() {
  return (
    <PageShell
      title="Employees"
      intro="Your clinic team. Invite a new employee by e-mail, turn an employee back into a customer, or delete an account."
    >
      <div className="space-y-8">
        <InviteEmployeeForm />
        <UserAdminList kind="employees" />
      </div>
    </PageShell>
  );
}
