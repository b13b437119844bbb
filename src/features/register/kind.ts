/**
 * The school's register of pupils as a kind of record: what privacy, audit, the desk and the admin
 * shell read of it. No public form and no letters: the office keeps it, and a family hears of the
 * admission through the application's own letters.
 */
import { defineKind, KEPT_BY_EVERY_KIND } from '../record-kind.ts';
import { PUPIL } from './pupil.ts';
import { PUPIL_REQUIRED } from './schema.ts';
import { REGISTER_WORKFLOW } from './workflow.ts';

/**
 * The register is kept for good: a former pupil asks for a copy of the TC or a date of birth decades
 * later. Both statuses are never erased (the retention job passes over them); this period only names
 * the kind in the retention report.
 */
const KEPT_DAYS = 100 * 365;

export const REGISTER_KIND = defineKind({
  name: 'register',
  definition: PUPIL,
  table: PUPIL.table,
  workflow: REGISTER_WORKFLOW,
  finalStatuses: ['left'],
  neverDeleted: true,
  labels: {
    one: 'Pupil',
    many: 'Register of pupils',
    noun: 'pupils',
    counted: 'pupil(s)',
    the: 'the pupil',
    this: 'This pupil',
    notFound: 'Pupil not found',
  },
  search: { identifiers: ['admission_number'], mobiles: ['mobile'] },
  admin: {
    panel: '/admin/register',
    details: '/admin/register/details/',
    menu: 'Register of pupils',
    screens: { panel: 'register-panel', details: 'register-details' },
  },
  privacy: {
    personalColumns: [],
    // The register has no form of its own: no form language and no consent.
    keptColumns: {
      ...Object.fromEntries(Object.entries(KEPT_BY_EVERY_KIND).filter(([c]) => c !== 'language' && c !== 'consent')),
      admission_number: "the register's number: the school's record of the pupil",
      admission_id: 'the application it came from',
      admitted_on: "the school's record of the pupil",
      class_on_admission: "the school's record of the pupil",
      section_on_admission: "the school's record of the pupil",
      class: "the school's record of the pupil",
      section: "the school's record of the pupil",
      session: "the school's record of the pupil",
      status: "the school's record of the pupil",
      left_on: "the school's record of the pupil",
      leaving_reason: "the school's record of the pupil",
    },
    neverErased: ['studying', 'left'],
    childTables: { tc_requests: 'the TC requests drawn from the pupil: kept, as the pupil is' },
    confirmWith: '_id',
    phoneMessage: 'fatherMobile',
    required: () => PUPIL_REQUIRED,
    retention: { days: () => KEPT_DAYS, after: 'last-change', why: 'retention: the register is kept' },
    exportHolds: "the pupil's row of the register (the application, if any, is exported on its own)",
  },
});
