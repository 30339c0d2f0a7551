import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatDayLong, formatWhen, zonedDateTime } from './dates.ts';

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
