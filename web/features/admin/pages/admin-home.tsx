import { LinkButton } from '../../../components/button.tsx';
import { PageShell } from '../../../components/page-shell.tsx';
import { useSession } from '../../../lib/session.tsx';
import { ThemeSelector } from '../components/theme-selector.tsx';

/** /admin/home: the theme selector and the way to the people lists. */
export default function AdminHomePage() {
  const { user } = useSession();
  return (
    <PageShell
      title="Admin home"
      intro={`Hello ${user?.name ?? 'admin'}. Pick the site's colour, and manage customers, employees and the providers customers book.`}
      actions={
        <>
          <LinkButton to="/admin/customer" variant="secondary">
            Customers
          </LinkButton>
          <LinkButton to="/admin/employee" variant="secondary">
            Employees
          </LinkButton>
          <LinkButton to="/admin/providers" variant="secondary">
            Providers
          </LinkButton>
        </>
      }
    >
      <ThemeSelector />
    </PageShell>
  );
}
