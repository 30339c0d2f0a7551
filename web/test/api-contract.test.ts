import { describe, expect, it } from 'vitest';
import { answerDrift } from './api-contract.ts';
import {
  makeBooking,
  makeCart,
  makeClinicSettings,
  makeEmergency,
  makeMessage,
  makeOffering,
  makeOrder,
  makePet,
  makeProduct,
  makePublicConfig,
  makeRide,
} from './data.ts';
import { makeOwnAccount } from './utils.tsx';

describe("the fake server's check of its answers", () => {
  it('passes what the API answers, finding the route behind a path parameter', () => {
    expect(answerDrift('GET', '/api/pets/p1', 200, makePet())).toBeUndefined();
    // '/api/orders/mine' is its own route, not an order of id "mine".
    expect(answerDrift('GET', '/api/orders/mine?limit=20', 200, [makeOrder()])).toBeUndefined();
    // A file is not JSON: nothing to check.
    expect(answerDrift('GET', '/api/pets/p1/photo', 200, undefined)).toBeUndefined();
    // Error answers are not checked.
    expect(answerDrift('GET', '/api/pets/p1', 404, { error: 'Pet not found' })).toBeUndefined();
  });

  it('names the route and what differs when a fake drifts from the API', () => {
    const { ownerId: _, ...withoutOwner } = makePet();
    expect(answerDrift('GET', '/api/pets/p1', 200, { ...withoutOwner, colour: 'brown' })).toBe(
      "The fake answer of GET /api/pets/{id} (200) is not what the API answers: (the body) must have required property 'ownerId'; (the body) must NOT have additional properties (colour).",
    );
    expect(answerDrift('GET', '/api/pets/p1', 200, { ...makePet(), species: 'dragon' })).toMatch(
      /^The fake answer of GET \/api\/pets\/\{id\} \(200\) is not what the API answers: \/species must be equal to one of the allowed values/,
    );
    expect(answerDrift('POST', '/api/pets', 200, makePet())).toBe('POST /api/pets answers 201, not 200.');
    expect(answerDrift('GET', '/api/pets/p1', 200, undefined)).toBe(
      'GET /api/pets/{id} answers 200 with a JSON body; the fake sends none.',
    );
    expect(answerDrift('GET', '/api/petz', 200, [])).toBe(
      'GET /api/petz is not a route of the API, yet the fake answers it 200.',
    );
  });

  it('passes every object the test data makes, as the API answers it', () => {
    const product = makeProduct();
    const customer = { id: 'c1', name: 'Pet Owner', role: 'user' } as const;
    const answers: [string, string, number, unknown][] = [
      ['GET', '/api/auth/me', 200, makeOwnAccount()],
      ['GET', '/api/services', 200, [makeOffering()]],
      ['GET', '/api/pets/p1', 200, makePet()],
      ['PUT', '/api/slots/cancel/b1', 200, makeBooking()],
      ['GET', '/api/rides', 200, [makeRide()]],
      ['GET', '/api/orders/o1', 200, makeOrder()],
      ['GET', '/api/chat/customer/c1', 200, [makeMessage('m1', customer)]],
      ['GET', '/api/emergencies', 200, [makeEmergency()]],
      ['GET', '/api/products/1', 200, product],
      ['GET', '/api/cart', 200, makeCart([{ product, quantity: 2 }])],
      ['GET', '/api/config', 200, makePublicConfig()],
      ['GET', '/api/settings/clinic', 200, makeClinicSettings()],
    ];
    expect(answers.map(([method, url, status, body]) => answerDrift(method, url, status, body))).toEqual(
      answers.map(() => undefined),
    );
  });
});
