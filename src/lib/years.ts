/**
 * Years of excellence: the current year minus the school's founding year (its profile's starting
 * facts). Pure, so the server (HTML without JS) and the visitor's browser (nav script) compute it alike.
 */
export function yearsOfExcellence(now: Date, founded: number): number {
  return Math.max(0, now.getFullYear() - founded);
}
