import { ComingSoon } from '../../../components/coming-soon';

/** About */
export default function AboutPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="About" description="This page is being written." />;
}
