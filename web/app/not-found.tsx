import { PageShell } from '../components/page-shell.tsx';
import { homePathFor, useSession } from '../lib/session.tsx';
import { HomeLink } from './layouts/site-frame.tsx';

/** Any path the app does not know. */
export default function NotFoundPage() {
  const { user } = useSession();
  return (
    <PageShell title="Page not found" width="normal" intro="The page you asked for does not exist, or it has moved.">
      <p className="themed">
        <HomeLink to={homePathFor(user?.role) ?? '/'} />
      </p>
    </PageShell>
  );
}
