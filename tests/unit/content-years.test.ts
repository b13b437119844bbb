import { describe, expect, it } from 'vitest';
import { yearsOfExcellence, FOUNDED_YEAR } from '../../src/lib/years.ts';

describe('years of excellence', () => {
  it('is the current year minus 2012', () => {
    expect(FOUNDED_YEAR).toBe(2012);
    expect(yearsOfExcellence(new Date('2026-06-01T00:00:00'))).toBe(14);
    expect(yearsOfExcellence(new Date('2027-01-01T00:00:00'))).toBe(15);
    expect(yearsOfExcellence(new Date('2040-12-31T23:59:00'))).toBe(28);
  });
  it('uses the given founding year and never goes negative', () => {
    expect(yearsOfExcellence(new Date('2030-05-05T00:00:00'), 2020)).toBe(10);
    expect(yearsOfExcellence(new Date('2010-05-05T00:00:00'))).toBe(0);
  });
});
