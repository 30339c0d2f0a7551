import { describe, expect, it } from 'vitest';
import type { BookingListQuery } from '#shared/bookings';
import { makeBooking } from '../../../test/data.ts';
import { bookingListRule } from './booking-lists.ts';

const today = '2031-03-04';
const now = Date.parse('2031-03-04T06:00:00.000Z');
const at = (date: string, startsAt: string, over: Parameters<typeof makeBooking>[0] = {}) =>
  makeBooking({ date, startsAt, endsAt: new Date(Date.parse(startsAt) + 1_800_000).toISOString(), ...over });
const agenda = (over: Partial<BookingListQuery> = {}): BookingListQuery => ({ sort: 'appointment', ...over });

describe('bookingListRule, as the server lists bookings', () => {
  it('lists the agenda from today on by default, or from `from`, or one day, even a past one', () => {
    const yesterday = at('2031-03-03', '2031-03-03T04:30:00.000Z');
    const later = at('2031-03-06', '2031-03-06T04:30:00.000Z');
    expect(bookingListRule(agenda(), today, now).includes(yesterday)).toBe(false);
    expect(bookingListRule(agenda(), today, now).includes(later)).toBe(true);
    expect(bookingListRule(agenda({ from: '2031-03-07' }), today, now).includes(later)).toBe(false);
    expect(bookingListRule(agenda({ date: '2031-03-03' }), today, now).includes(yesterday)).toBe(true);
    expect(bookingListRule(agenda({ date: '2031-03-03' }), today, now).includes(later)).toBe(false);
    // Newest first lists every day.
    expect(bookingListRule({ sort: 'created' }, today, now).includes(yesterday)).toBe(true);
  });

  it('filters by status (active: all but canceled; overdue: open and over, whatever the day) and service', () => {
    const b = at(today, '2031-03-04T04:30:00.000Z');
    const rule = (q: Partial<BookingListQuery>) => bookingListRule(agenda(q), today, now);
    expect(rule({ status: 'active' }).includes({ ...b, status: 'completed' })).toBe(true);
    expect(rule({ status: 'active' }).includes({ ...b, status: 'canceled' })).toBe(false);
    expect(rule({ status: 'pending' }).includes({ ...b, status: 'confirmed' })).toBe(false);
    expect(rule({ status: 'overdue' }).includes({ ...b, status: 'confirmed' })).toBe(true);
    expect(rule({ status: 'overdue' }).includes({ ...b, status: 'completed' })).toBe(false);
    const past = at('2031-02-01', '2031-02-01T04:30:00.000Z');
    expect(rule({ status: 'overdue' }).includes(past)).toBe(true);
    const later = at(today, '2031-03-04T09:30:00.000Z');
    expect(rule({ status: 'overdue' }).includes(later)).toBe(false);
    expect(rule({ serviceId: 'svc-other' }).includes(b)).toBe(false);
    expect(rule({ serviceId: b.serviceId }).includes(b)).toBe(true);
  });

  it('orders by appointment time (the agenda, the overdue list) or newest first', () => {
    // Booked first for the later time.
    const early = at(today, '2031-03-04T04:30:00.000Z', { id: 'x', createdAt: '2031-03-02T00:00:00.000Z' });
    const late = at(today, '2031-03-04T05:30:00.000Z', { id: 'y', createdAt: '2031-03-01T00:00:00.000Z' });
    expect(bookingListRule(agenda(), today, now).compare(early, late)).toBeLessThan(0);
    expect(bookingListRule({ sort: 'created', status: 'overdue' }, today, now).compare(early, late)).toBeLessThan(0);
    expect(bookingListRule({ sort: 'created' }, today, now).compare(late, early)).toBeGreaterThan(0);
    const newer = { ...late, createdAt: '2031-03-03T00:00:00.000Z' };
    expect(bookingListRule({ sort: 'created' }, today, now).compare(newer, early)).toBeLessThan(0);
  });
});
