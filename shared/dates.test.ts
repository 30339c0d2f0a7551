import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDateTime,
  formatDay,
  formatDayLong,
  formatWhen,
  todayIn,
  zonedDateTime,
  zonedParts,
  zonedTimeToUtc,
} from './dates.ts';

const utc = (date: string, time: string, timeZone: string) => zonedTimeToUtc(date, time, timeZone).toISOString();

describe('one date format for people', () => {
  it('writes a calendar day with its weekday, and leaves the year out only in the year given', () => {
    expect(formatDay('2026-11-24')).toBe('Tue, 24 Nov 2026');
    expect(formatDay('2026-11-24', '2026')).toBe('Tue, 24 Nov');
    expect(formatDay('2026-11-24', '2027')).toBe('Tue, 24 Nov 2026');
    expect(formatDay('2031-03-04')).toBe('Tue, 4 Mar 2031');
    expect(formatDayLong('2031-03-04')).toBe('Tuesday, 4 March 2031');
  });

  it('spells every month and weekday the same on every engine (Sep, not Sept)', () => {
    const days = Array.from({ length: 12 }, (_, m) => formatDay(`2026-${String(m + 1).padStart(2, '0')}-01`));
    expect(days).toEqual([
      'Thu, 1 Jan 2026',
      'Sun, 1 Feb 2026',
      'Sun, 1 Mar 2026',
      'Wed, 1 Apr 2026',
      'Fri, 1 May 2026',
      'Mon, 1 Jun 2026',
      'Wed, 1 Jul 2026',
      'Sat, 1 Aug 2026',
      'Tue, 1 Sep 2026',
      'Thu, 1 Oct 2026',
      'Sun, 1 Nov 2026',
      'Tue, 1 Dec 2026',
    ]);
    expect(formatDay('2028-02-29')).toBe('Tue, 29 Feb 2028');
  });

  it('returns text that is not a day as it is', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
  });

  it('writes a day and time as the screens do', () => {
    expect(formatWhen('2026-11-24', '12:00')).toBe('Tue, 24 Nov 2026 at 12:00');
    expect(formatWhen('2026-11-24', '12:00', '2026')).toBe('Tue, 24 Nov at 12:00');
  });

  it("reads an instant on the clinic's clock, not the server's or the browser's", () => {
    const noonInIndia = new Date('2026-11-24T06:30:00Z');
    expect(formatDateTime(noonInIndia, 'Asia/Kolkata')).toBe('Tue, 24 Nov 2026 at 12:00');
    expect(formatDateTime(noonInIndia.toISOString(), 'Asia/Kolkata')).toBe('Tue, 24 Nov 2026 at 12:00');
    expect(formatDateTime(noonInIndia, 'America/New_York')).toBe('Tue, 24 Nov 2026 at 01:30');
    expect(formatDateTime(noonInIndia, 'UTC')).toBe('Tue, 24 Nov 2026 at 06:30');
  });

  it('puts midnight on the day it starts, at 00:00, across a day, a year and a daylight-saving change', () => {
    // 18:30 UTC is midnight in India: already the next day there.
    expect(formatDateTime(new Date('2026-11-24T18:30:00Z'), 'Asia/Kolkata')).toBe('Wed, 25 Nov 2026 at 00:00');
    expect(formatDateTime(new Date('2026-11-24T18:29:00Z'), 'Asia/Kolkata')).toBe('Tue, 24 Nov 2026 at 23:59');
    expect(formatDateTime(new Date('2026-12-31T18:30:00Z'), 'Asia/Kolkata')).toBe('Fri, 1 Jan 2027 at 00:00');
    // London is on summer time (UTC+1) in July: 23:00 UTC is the next day's midnight.
    expect(formatDateTime(new Date('2031-07-14T23:00:00Z'), 'Europe/London')).toBe('Tue, 15 Jul 2031 at 00:00');
    expect(formatDateTime(new Date('2031-01-14T23:00:00Z'), 'Europe/London')).toBe('Tue, 14 Jan 2031 at 23:00');
    expect(zonedDateTime(new Date('2026-11-24T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-25',
      time: '00:00',
    });
  });
});

describe("the clinic's clock across zones and daylight-saving changes", () => {
  it('gives a time New York skips in spring the earlier instant, read there as an hour before (gap)', () => {
    // 8 Mar 2026: at 07:00Z New York goes from 02:00 EST (UTC-5) to 03:00 EDT (UTC-4); 02:00-02:59 never happen.
    expect(utc('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(utc('2026-03-08', '02:00', 'America/New_York')).toBe('2026-03-08T06:00:00.000Z');
    expect(utc('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T06:30:00.000Z');
    expect(zonedDateTime(new Date('2026-03-08T06:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-08',
      time: '01:30',
    });
    expect(utc('2026-03-08', '03:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // The day has 23 hours.
    const start = zonedTimeToUtc('2026-03-08', '00:00', 'America/New_York').getTime();
    expect(zonedTimeToUtc('2026-03-09', '00:00', 'America/New_York').getTime() - start).toBe(23 * 3_600_000);
  });

  it('gives a time New York shows twice in autumn its first, daylight-saving instant (overlap)', () => {
    // 1 Nov 2026: at 06:00Z New York goes from 02:00 EDT (UTC-4) back to 01:00 EST (UTC-5); 01:00-01:59 happen twice.
    expect(utc('2026-11-01', '00:59', 'America/New_York')).toBe('2026-11-01T04:59:00.000Z');
    expect(utc('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedDateTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York').time).toBe('01:30');
    expect(zonedDateTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York').time).toBe('01:30');
    expect(utc('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    // The day has 25 hours.
    const start = zonedTimeToUtc('2026-11-01', '00:00', 'America/New_York').getTime();
    expect(zonedTimeToUtc('2026-11-02', '00:00', 'America/New_York').getTime() - start).toBe(25 * 3_600_000);
  });

  it('gives skipped and repeated times east of Greenwich the later instant, as it always has (London)', () => {
    // 29 Mar 2026: 01:00 GMT becomes 02:00 BST at 01:00Z; 25 Oct 2026: 02:00 BST becomes 01:00 GMT at 01:00Z.
    expect(utc('2026-03-29', '01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    expect(utc('2026-10-25', '01:30', 'Europe/London')).toBe('2026-10-25T01:30:00.000Z');
    expect(utc('2026-10-25', '00:30', 'Europe/London')).toBe('2026-10-24T23:30:00.000Z');
  });

  it('keeps India at +05:30 all year, with days starting at 18:30Z the evening before', () => {
    expect(utc('2026-11-24', '00:00', 'Asia/Kolkata')).toBe('2026-11-23T18:30:00.000Z');
    expect(utc('2026-06-24', '23:59', 'Asia/Kolkata')).toBe('2026-06-24T18:29:00.000Z');
    expect(zonedParts(new Date('2026-11-23T18:29:59Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-11-23',
      time: '23:59',
      second: 59,
    });
    expect(todayIn('Asia/Kolkata', new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
  });

  it('reads Etc/GMT-N as UTC+N, fourteen hours ahead at most, and Etc/GMT+N as UTC-N', () => {
    expect(utc('2026-01-01', '00:00', 'Etc/GMT-14')).toBe('2025-12-31T10:00:00.000Z');
    expect(todayIn('Etc/GMT-14', new Date('2025-12-31T09:59:00Z'))).toBe('2025-12-31');
    expect(todayIn('Etc/GMT-14', new Date('2025-12-31T10:00:00Z'))).toBe('2026-01-01');
    expect(zonedDateTime(new Date('2025-12-31T10:00:00Z'), 'Etc/GMT+12')).toEqual({
      date: '2025-12-30',
      time: '22:00',
    });
    expect(utc('2026-07-01', '12:00', 'Etc/GMT+12')).toBe('2026-07-02T00:00:00.000Z');
  });

  it('works up to the last day the API accepts, 2100-12-31', () => {
    expect(utc('2100-12-31', '23:59', 'Asia/Kolkata')).toBe('2100-12-31T18:29:00.000Z');
    expect(zonedDateTime(new Date('2100-12-31T18:30:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2101-01-01',
      time: '00:00',
    });
    expect(utc('2100-12-31', '12:00', 'America/New_York')).toBe('2100-12-31T17:00:00.000Z');
    // New York still springs forward on the second Sunday of March: 14 Mar 2100.
    expect(utc('2100-03-14', '02:30', 'America/New_York')).toBe('2100-03-14T06:30:00.000Z');
    expect(utc('2100-07-01', '09:00', 'America/New_York')).toBe('2100-07-01T13:00:00.000Z');
    expect(addDays('2100-12-31', 1)).toBe('2101-01-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01'); // 2100 is not a leap year.
  });

  it('adds days across months, years and leap days, and refuses a day that does not exist', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-13-01', '09:00', 'Asia/Kolkata')).toThrow(RangeError);
  });

  it('refuses a time zone that does not exist', () => {
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-01-01', '09:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
