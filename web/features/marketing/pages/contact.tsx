import { ComingSoon } from '../../../components/coming-soon';

/** Contact */
export default function ContactPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Contact" description="This page is being written." />;
}
