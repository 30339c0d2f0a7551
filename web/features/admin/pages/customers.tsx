import { PageShell } from '../../../components/page-shell.tsx';
import { UserAdminList } from '../components/user-admin-list.tsx';

/** /admin/customer: every customer, with Make employee and Delete. */
export default function CustomersPage() {
  return (
    <PageShell
      title="Customers"
      intro="Everyone who signed up as a pet owner. Promote a customer to employee, or delete an account."
    >
      <UserAdminList kind="customers" />
    </PageShell>
  );
}
