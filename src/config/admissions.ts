/**
 * The admissions calendar. The school year (session) starts in April; applications for it open in
 * the autumn before, so an application made from `nextSessionFrom` (October) onwards is for the
 * session that starts the next April: one made on 25 Nov 2026 is for 2027-28, one made in May 2027
 * for 2027-28 as well. Seats are counted per session.
 */
export const admissionsCalendar = {
  /** The month (1-12) from which new applications are for the next session. */
  nextSessionFrom: 10,
} as const;
