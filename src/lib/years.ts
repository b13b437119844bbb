/**
 * Years of excellence: the current year minus the founding year.
 * Pure, so the build (HTML without JS) and the visitor's browser (nav script) compute it alike.
 */
export const FOUNDED_YEAR = 2012;

export function yearsOfExcellence(now: Date = new Date(), founded: number = FOUNDED_YEAR): number {
  return Math.max(0, now.getFullYear() - founded);
}
