import type { MailBrand } from './brand.ts';
import { bookingFacts, bookingsPageUrl, type BookingMailFacts } from './booking-parts.ts';
import { composeMail, type ComposedMail } from './compose.ts';

/** What a ride's step mail says: the step, the sentence the customer is told (with the driver's message) and the ride. */
export interface RideStepMail extends BookingMailFacts {
  ownerName: string;
  /** The step as people read it: 'Picked up', 'Dropped off'. */
  stepLabel: string;
  sentence: string;
}

/** The mail of a pickup ride's step (picked up, dropped off): what happened, the ride's box and where to follow it. */
export function rideStepMail(brand: MailBrand, m: RideStepMail): ComposedMail {
  return composeMail(brand, {
    subject: `${m.petName}: ${m.stepLabel.toLowerCase()}`,
    name: m.ownerName,
    body: [m.sentence, bookingFacts(m)],
    action: { label: 'Follow the ride', href: bookingsPageUrl(m.publicUrl) },
  });
}
