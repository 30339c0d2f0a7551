import { ComingSoon } from '../../../components/coming-soon';

/** Medical Tips (placeholder until this feature lands). */
export default function MedicalTipsPage() {
  return <ComingSoon title="Medical Tips" description="Practical health tips for your pet are on their way." />;
}
