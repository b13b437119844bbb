/**
 * The school's fees, in rupees: the one place to edit them. Every figure is a PLACEHOLDER until the
 * school confirms its fee structure. Every class must have its admission fee (a missing class does
 * not type-check). A record's fee is read from here whenever its payments are counted, so a changed
 * fee applies to every application and TC request from its next payment on.
 */
import type { ALL_CLASSES } from '../lib/classes.ts';

export type SchoolClass = (typeof ALL_CLASSES)[number];

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
