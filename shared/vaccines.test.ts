import { describe, expect, it } from 'vitest';
import { todayIn } from './dates.ts';
import { careStateOn, doseLabel, nextDueOn, VaccineCreateSchema } from './vaccines.ts';

const puppySeries = { seriesDoses: 3, seriesIntervalDays: 28, boosterIntervalDays: 365 };

describe('protocol arithmetic', () => {
  it('spaces the primary series by its interval, then boosters by theirs', () => {
    expect(nextDueOn(puppySeries, 1, '2026-01-10')).toBe('2026-02-07');
    expect(nextDueOn(puppySeries, 2, '2026-02-07')).toBe('2026-03-07');
    // The third dose ends the series: the first booster a year later, and each booster after it.
    expect(nextDueOn(puppySeries, 3, '2026-03-07')).toBe('2027-03-07');
    expect(nextDueOn(puppySeries, 4, '2027-03-07')).toBe('2028-03-06');
    expect(doseLabel(2, 3)).toBe('Dose 2 of 3');
    expect(doseLabel(4, 3)).toBe('Booster');
  });

  it('a single-dose protocol goes straight to boosters', () => {
    const rabies = { seriesDoses: 1, seriesIntervalDays: 0, boosterIntervalDays: 365 };
    expect(nextDueOn(rabies, 1, '2026-06-01')).toBe('2027-06-01');
  });

  it('counts calendar days across leap years and month ends', () => {
    const yearly = { seriesDoses: 1, seriesIntervalDays: 0, boosterIntervalDays: 365 };
    expect(nextDueOn(yearly, 1, '2024-02-29')).toBe('2025-02-28');
    expect(nextDueOn(yearly, 1, '2023-03-01')).toBe('2024-02-29');
    expect(nextDueOn(yearly, 1, '2027-12-31')).toBe('2028-12-30');
    const monthly = { seriesDoses: 1, seriesIntervalDays: 0, boosterIntervalDays: 30 };
    expect(nextDueOn(monthly, 1, '2028-01-31')).toBe('2028-03-01');
  });
});

describe('care state', () => {
  it('is not started without a dose, overdue after the due day, due soon inside the window, else up to date', () => {
    expect(careStateOn(null, '2026-05-01', 7)).toBe('not_started');
    expect(careStateOn('2026-04-30', '2026-05-01', 7)).toBe('overdue');
    expect(careStateOn('2026-05-01', '2026-05-01', 7)).toBe('due_soon');
    expect(careStateOn('2026-05-08', '2026-05-01', 7)).toBe('due_soon');
    expect(careStateOn('2026-05-09', '2026-05-01', 7)).toBe('up_to_date');
  });

  it("follows the clinic's day, not the server's: 20:00 UTC is already tomorrow in Kolkata", () => {
    const now = new Date('2026-04-30T20:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-04-30');
    const today = todayIn('Asia/Kolkata', now);
    expect(today).toBe('2026-05-01');
    expect(careStateOn('2026-04-30', todayIn('UTC', now), 7)).toBe('due_soon');
    expect(careStateOn('2026-04-30', today, 7)).toBe('overdue');
  });
});

describe('catalogue entries', () => {
  it('refuses a series of several doses without a gap, and no species', () => {
    const base = { name: 'DHPPi', species: ['dog'], kind: 'vaccine', seriesDoses: 3, boosterIntervalDays: 365 };
    expect(VaccineCreateSchema.safeParse({ ...base, seriesIntervalDays: 0 }).success).toBe(false);
    expect(VaccineCreateSchema.safeParse({ ...base, seriesIntervalDays: 21 }).success).toBe(true);
    expect(VaccineCreateSchema.safeParse({ ...base, seriesIntervalDays: 21, species: [] }).success).toBe(false);
    expect(VaccineCreateSchema.safeParse({ ...base, seriesIntervalDays: 21, species: ['dragon'] }).success).toBe(false);
  });
});
