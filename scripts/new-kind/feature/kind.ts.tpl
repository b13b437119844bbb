/** The {{title}} request as a kind of record: what privacy, audit, the desk and the outbox read of it. */
import { defineKind, defineLetters, KEPT_BY_EVERY_KIND } from '../record-kind.ts';
import { {{camel}}StatusChanged, {{camel}}Submitted, type {{Pascal}}Facts } from './kind-letters.ts';
import { {{CONST}} } from './{{kebab}}.ts';
import { {{CONST}}_REQUIRED } from './schema.ts';
import { {{CONST}}_DECIDED, {{CONST}}_WORKFLOW } from './workflow.ts';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** How long a decided request is kept, in days. */
const KEPT_DAYS = 3 * 365;

export const {{CONST}}_KIND = defineKind({
  name: '{{kebab}}',
  definition: {{CONST}},
  table: {{CONST}}.table,
  workflow: {{CONST}}_WORKFLOW,
  finalStatuses: {{CONST}}_DECIDED,
  labels: {
    one: '{{Title}} request',
    many: '{{Title}} requests',
    noun: '{{title}} requests',
    counted: '{{title}} request(s)',
    the: 'the {{title}} request',
    this: 'This {{title}} request',
    notFound: '{{Title}} request not found',
  },
  search: { mobiles: ['mobile'] },
  admin: {
    panel: '/admin/{{kebab}}/panel',
    details: '/admin/{{kebab}}/details/',
    menu: '{{Title}} requests',
    screens: { panel: '{{kebab}}-panel', details: '{{kebab}}-details' },
  },
  privacy: {
    personalColumns: ['submission_key', 'submission_hash'],
    keptColumns: {
      ...KEPT_BY_EVERY_KIND,
      student_class: 'the class, for the statistics',
      status: 'how it ended, for the statistics',
    },
    confirmWith: '_id',
    phoneMessage: 'fatherMobile',
    required: () => {{CONST}}_REQUIRED,
    retention: {
      days: () => KEPT_DAYS,
      after: { decidedAt: {{CONST}}_DECIDED },
      why: 'retention: {{title}} request decided',
    },
    exportHolds: 'the record only (a {{title}} request has no documents)',
  },
  letters: defineLetters({
    mobile: 'mobile',
    facts: (row): {{Pascal}}Facts => ({ studentClass: text(row.student_class), status: text(row.status) }),
    byEvent: { submitted: {{camel}}Submitted, status: {{camel}}StatusChanged },
    templates: { '{{kebab}}.submitted': '{{Title}} request received', '{{kebab}}.status': '{{Title}} request status' },
  }),
});
