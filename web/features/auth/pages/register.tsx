import { ComingSoon } from '../../../components/coming-soon';

/** Sign Up */
export default function RegisterPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Sign Up" description="This page is being written." />;
}
