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

/**
 * The age each class admits, as a UP CBSE school applies it: the child's completed years on
 * 31 March of the session's start year (the day before the session begins on 1 April). The
 * minimums follow NEP 2020 and the UP government's rule for class 1 (six completed years), with the
 * three early-years classes below it (P.N.C at 3, N.C at 4, K.G at 5) and each later class a year
 * on. The maximum leaves two years' room above the minimum (a late start, a repeated year, a family
 * that moved). A date outside the range is not refused: the parent confirms it and the office sees
 * the application marked.
 */
export const ageRule = {
  /** The day of the session's start year on which completed years are counted (month 1-12, day). */
  countedOn: { month: 3, day: 31 },
  /** Completed years each class admits, by its canonical label: [min, max], both inclusive. */
  ranges: {
    'P.N.C': [3, 5],
    'N.C': [4, 6],
    'K.G': [5, 7],
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i + 1), [i + 6, i + 8]])),
  } as Record<string, readonly [number, number]>,
} as const;
