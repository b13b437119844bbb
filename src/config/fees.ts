/**
 * The fees the database started with (migration 0021 seeds these very figures; a unit test checks
 * they agree), in rupees. They are not read by the site: the principal edits the fees at /admin/fees
 * and everything reads them from the database (src/features/fees/). Kept as the seed's record and
 * for the tests, which expect these figures where no test changed them.
 */
import type { SchoolClass } from './classes.ts';

export interface FeeSchedule {
  /** The admission fee of each class, in rupees. */
  admission: Readonly<Record<SchoolClass, number>>;
  /** The fee for a transfer certificate, in rupees. */
  transferCertificate: number;
}

export const fees: FeeSchedule = {
  admission: {
    'P.N.C': 5000,
    'N.C': 5000,
    'K.G': 6000,
    '1': 8000,
    '2': 8000,
    '3': 8000,
    '4': 8000,
    '5': 8000,
    '6': 10000,
    '7': 10000,
    '8': 10000,
    '9': 12500,
    '10': 12500,
    '11': 15000,
    '12': 15000,
  },
  transferCertificate: 500,
};
