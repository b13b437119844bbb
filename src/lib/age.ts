/**
 * A child's age against the school's rule for a class (src/config/admissions.ts): completed years
 * on the counting day of the session the application is for. The form uses it to ask the parent to
 * confirm an unusual date; the server computes it again and stores whether the date was outside.
 */
import { ageRule } from '../config/admissions.ts';
import { isCalendarDate } from './dates.ts';
import { sessionOf } from './sessions.ts';

/** Whole years from `birth` to `on` (both YYYY-MM-DD). */
export function completedYears(birth: string, on: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

export interface AgeCheck {
  /** Completed years on `countedOn`. */
  age: number;
  /** The counting day, YYYY-MM-DD. */
  countedOn: string;
  min: number;
  max: number;
  outside: boolean;
}

/**
 * The age check of a date of birth for a class (its canonical label) in a session ('2027-28'; by
 * default the one an application made today is for); undefined when the date or class is not one.
 */
export function ageCheck(birth: string, classLabel: string, session: string = sessionOf()): AgeCheck | undefined {
  const range = ageRule.ranges[classLabel];
  if (!range || !isCalendarDate(birth)) return undefined;
  const { month, day } = ageRule.countedOn;
  const countedOn = `${session.slice(0, 4)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const age = completedYears(birth, countedOn);
  const [min, max] = range;
  return { age, countedOn, min, max, outside: age < min || age > max };
}
