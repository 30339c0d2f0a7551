import { describe, expect, it } from 'vitest';
import { zonedDateTime } from './dates.ts';
import { addDays, isRealDate, todayIn, zonedTimeToUtc } from './dates.ts';
import { BookSlotBodySchema, parseSchedule, BOOKING_MSG, slotGrid } from './bookings.ts';
import { DateSchema } from './common.ts';

describe('slot grid and clinic time', () => {
  it('lists start times whose slot ends by closing time', () => {
    expect(slotGrid('09:00', '11:00', 30)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(slotGrid('09:00', '10:50', 45)).toEqual(['09:00', '09:45']);
  });

  it('turns clinic-local times into instants, across daylight-saving changes', () => {
    expect(zonedTimeToUtc('2031-03-04', '09:00', 'Asia/Kolkata').toISOString()).toBe('2031-03-04T03:30:00.000Z');
    expect(zonedTimeToUtc('2031-01-15', '09:00', 'America/New_York').toISOString()).toBe('2031-01-15T14:00:00.000Z');
    expect(zonedTimeToUtc('2031-07-15', '09:00', 'America/New_York').toISOString()).toBe('2031-07-15T13:00:00.000Z');
    expect(zonedTimeToUtc('2031-07-15', '00:00', 'Europe/London').toISOString()).toBe('2031-07-14T23:00:00.000Z');
    expect(zonedDateTime(new Date('2031-07-14T23:00:00Z'), 'Europe/London')).toEqual({
      date: '2031-07-15',
      time: '00:00',
    });
  });

  it("knows today's date in the clinic's zone", () => {
    const instant = new Date('2031-03-04T20:00:00Z');
    expect(todayIn('Asia/Kolkata', instant)).toBe('2031-03-05');
    expect(todayIn('America/New_York', instant)).toBe('2031-03-04');
    expect(addDays('2031-02-28', 1)).toBe('2031-03-01');
  });

  it('parses the spec’s schedule text and rejects impossible days', () => {
    expect(parseSchedule('2031-03-04 at 10:30')).toEqual({ date: '2031-03-04', time: '10:30' });
    expect(parseSchedule('2031-02-29 at 10:30')).toBeUndefined();
    expect(parseSchedule('10:30 on 2031-03-04')).toBeUndefined();
  });

  it('accepts the spec’s booking JSON with the pet age as text or number', () => {
    const base = { schedule: '2031-03-04 at 10:30', petName: 'Bruno', ownerName: 'Owner', phone: '9876543210' };
    expect(BookSlotBodySchema.parse({ ...base, petAge: '3' }).petAge).toBe(3);
    expect(BookSlotBodySchema.parse({ ...base, petAge: '' }).petAge).toBeUndefined();
    expect(BookSlotBodySchema.safeParse({ ...base, petAge: 'three' }).success).toBe(false);
  });
});

describe('dates', () => {
  it('reads years below 100 as themselves', () => {
    expect(isRealDate('0001-01-01')).toBe(true);
    expect(isRealDate('0099-02-29')).toBe(false);
  });

  it('accepts 2000-01-01 to 2100-12-31 only', () => {
    expect(DateSchema.parse('2000-01-01')).toBe('2000-01-01');
    expect(DateSchema.parse('2100-12-31')).toBe('2100-12-31');
    for (const date of ['1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01']) {
      expect(
        DateSchema.safeParse(date).error?.issues.map((i) => i.message),
        date,
      ).toEqual([BOOKING_MSG.dateOutOfRange]);
    }
    expect(DateSchema.safeParse('2031-02-29').error?.issues.map((i) => i.message)).toEqual([BOOKING_MSG.dateInvalid]);
    expect(parseSchedule('9999-12-31 at 10:00')).toBeUndefined();
  });
});
