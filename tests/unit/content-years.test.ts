import { describe, expect, it } from 'vitest';
import { yearsOfExcellence } from '../../src/lib/years.ts';
import { site } from '../../src/config/site.ts';

describe('years of excellence', () => {
  it("is the current year minus the starting facts' founding year", () => {
    expect(site.founded).toBe(2012);
    expect(yearsOfExcellence(new Date('2026-06-01T00:00:00'), site.founded)).toBe(14);
    expect(yearsOfExcellence(new Date('2027-01-01T00:00:00'), site.founded)).toBe(15);
    expect(yearsOfExcellence(new Date('2040-12-31T23:59:00'), site.founded)).toBe(28);
  });
  it('uses the given founding year and never goes negative', () => {
    expect(yearsOfExcellence(new Date('2030-05-05T00:00:00'), 2020)).toBe(10);
    expect(yearsOfExcellence(new Date('2010-05-05T00:00:00'), 2012)).toBe(0);
  });
});
