import { ComingSoon } from '../../../components/coming-soon';

/** Profile */
export default function ProfilePage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Profile" description="This page is being written." />;
}
