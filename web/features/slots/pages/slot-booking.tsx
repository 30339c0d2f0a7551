import { ComingSoon } from '../../../components/coming-soon';

/** Slot Booking (placeholder until this feature lands). */
export default function SlotBookingPage() {
  return <ComingSoon title="Slot Booking" description="Booking a vet visit, a training session or a pickup ride online is almost ready. Until then, please call the clinic to book." />;
}
