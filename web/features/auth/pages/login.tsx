import { ComingSoon } from '../../../components/coming-soon';

/** Login */
export default function LoginPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Login" description="This page is being written." />;
}
