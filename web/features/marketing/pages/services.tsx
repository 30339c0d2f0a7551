import { ComingSoon } from '../../../components/coming-soon';

/** Services */
export default function ServicesPage(_props: { variant?: 'public' | 'customer' }) {
  return <ComingSoon title="Services" description="This page is being written." />;
}
