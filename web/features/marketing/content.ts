// Copy shared by the public and customer versions of the marketing pages.

export type Variant = 'public' | 'customer';

export const VETS = [
  {
    name: 'Senior veterinarian',
    role: 'Small-animal medicine',
    about: 'Twelve years of small-animal medicine; calm hands for nervous cats and first-time puppy parents.',
    portrait: { skin: '#c68642', hair: '#1f2937', coat: '#0f766e' },
  },
  {
    name: 'Emergency surgeon',
    role: 'Surgery and emergency care',
    about: 'Leads our round-the-clock emergency team and soft-tissue surgery.',
    portrait: { skin: '#8d5524', hair: '#111827', coat: '#1d4ed8' },
  },
  {
    name: 'Behaviour specialist',
    role: 'Behaviour and training',
    about: 'Certified in animal behaviour; designs training plans built on rewards, never fear.',
    portrait: { skin: '#f1c27d', hair: '#78350f', coat: '#7c3aed' },
  },
] as const;

export const TESTIMONIALS = [
  {
    quote:
      'The pickup van was on time, the driver sent me photos on the way, and Bruno came back with a clean bill of health.',
    who: 'A beagle parent, Salt Lake',
  },
  {
    quote: 'Our kitten hated car rides. Pawcare came to us, and the vet explained every vaccine in plain words.',
    who: 'A first-time kitten parent, Park Street',
  },
  {
    quote: 'Three training sessions and Rocky finally walks on a loose lead. The tips in between were gold.',
    who: 'A labrador family, New Town',
  },
] as const;

/**
 * The clinic's services as the public pages describe them, in the clinic's order. The spec's three cards keep their
 * titles and texts; the pickup ride is the fourth. This copy is what the prerendered pages show; once the app runs,
 * each card adds the live price and duration of the service of its `kind` (GET /api/services).
 */
export const SERVICES = [
  {
    kind: 'checkup' as const,
    title: 'Pet Health Checkups',
    text: 'Head-to-tail examinations, vaccinations, dental checks and lab tests, with a written care plan after every visit.',
    points: ['Vaccination schedules', 'Dental and skin checks', 'Lab tests with results the same day'],
  },
  {
    kind: 'training' as const,
    title: 'Pet Training',
    text: 'One-to-one sessions for puppies and adult dogs: basic obedience, lead walking, socialising and calm behaviour at home.',
    points: ['Reward-based methods', 'Puppy foundations', 'Homework you can follow'],
  },
  {
    kind: 'pickup' as const,
    title: 'Pet Pickup Ride',
    text: 'We collect your pet from your door, bring them to the clinic and take them home again.',
    points: ['Door to door within the city', 'Updates on your phone on the way', 'Home again after the visit'],
  },
  {
    kind: 'emergency' as const,
    title: 'Emergency Pet Care',
    text: 'Injuries, poisoning, breathing trouble: our emergency team is on call day and night, and the pickup van comes to you.',
    points: ['Open around the clock', 'Pickup within the city', 'Surgery on site'],
  },
] as const;

export type ServiceCard = (typeof SERVICES)[number];

/** Where "book" buttons lead: visitors log in first, customers go straight to booking. */
export const bookingPath = (variant: Variant) => (variant === 'customer' ? '/slots' : '/login');

/** Where "Book a Ride" leads: a customer's booking form with the pickup ride chosen (visitors log in first). */
export const ridePath = (variant: Variant) => (variant === 'customer' ? '/slots?kind=pickup' : bookingPath(variant));

/**
 * Where "Request emergency care" leads: the request form, a customer page (a visitor is sent to log in first). Only
 * the path is here: the form's code loads with its own route.
 */
export const EMERGENCY_PATH = '/customer/emergency';

/** Where the "book" button of one service leads: a customer's booking form opens on that service. */
export const serviceBookingPath = (variant: Variant, serviceId: string | undefined) =>
  variant === 'customer' && serviceId ? `/slots?serviceId=${encodeURIComponent(serviceId)}` : bookingPath(variant);
