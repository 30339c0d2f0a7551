import type { Pet } from '#shared/pets';
import type { SlotBooking } from '#shared/slots';

/** A pet as the API returns it, for the pets feature's tests. */
export function makePet(over: Partial<Pet> = {}): Pet {
  return {
    id: 'p1',
    ownerId: 'u1',
    name: 'Bruno',
    species: 'dog',
    breed: 'Labrador',
    sex: 'male',
    birthDate: null,
    ageYears: 3,
    weightKg: 28.5,
    markings: null,
    allergies: null,
    notes: null,
    photoUrl: null,
    archived: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A booking of a pet as the timeline returns it. */
export function makeBooking(over: Partial<SlotBooking> = {}): SlotBooking {
  return {
    _id: 'b1',
    id: 'b1',
    userId: 'u1',
    userName: 'Pet Owner',
    userEmail: 'owner@example.com',
    userAddress: null,
    schedule: '2026-03-04 at 10:00',
    date: '2026-03-04',
    time: '10:00',
    startsAt: '2026-03-04T04:30:00.000Z',
    petName: 'Bruno',
    ownerName: 'Pet Owner',
    petAge: 3,
    phone: '9876543210',
    status: 'pending',
    hospitalInfo: null,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T00:00:00.000Z',
    service: { id: 's1', name: 'Pet Health Checkup', kind: 'checkup', durationMinutes: 30 },
    serviceId: 's1',
    petId: 'p1',
    note: null,
    pickupAddress: null,
    endsAt: '2026-03-04T05:00:00.000Z',
    visit: null,
    needsOutcome: false,
    ...over,
  };
}
