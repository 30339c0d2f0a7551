import { ComingSoon } from '../../../components/coming-soon';

/** Admin */
export default function AdminHomePage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Admin" description="This page is being written." />;
}
