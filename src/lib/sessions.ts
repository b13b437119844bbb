/** Academic sessions ('2027-28'): which one an application made on a day is for. */
import { admissionsCalendar } from '../config/admissions.ts';
import { dateInIndia } from './dates.ts';

/** The session '2027-28' that starts in April of `startYear`. */
export const sessionName = (startYear: number) => `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;

/** The session an application made at `when` (India time) is for. */
export function sessionOf(when: Date = new Date()): string {
  const [year, month] = dateInIndia(when).split('-').map(Number) as [number, number];
  return sessionName(month >= admissionsCalendar.nextSessionFrom ? year + 1 : year);
}

/** A session's name is two years, the second the first's next: '2027-28'. */
export function isSessionName(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  return !!m && sessionName(Number(m[1])) === value;
}

/** The school year (April to March) a day YYYY-MM-DD falls in: '2026-27' for 2027-01-15. */
export function academicSessionOn(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return sessionName(month >= 4 ? year : year - 1);
}
