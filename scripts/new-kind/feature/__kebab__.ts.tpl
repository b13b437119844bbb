/** The {{title}} request: the form's fields, the admin list and details and the CSV, from this one definition. */
import type { PrivacyState } from '../../lib/privacy-state.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { defineRecord, type RecordJson } from '../../lib/record.ts';
import { languageField } from '../../lib/forms/language.ts';
import { consentField } from '../../lib/forms/consent.ts';
import { PHONE_INPUT_MAX } from '../../lib/forms/phone.ts';
import type { HistoryEntry } from '../../lib/workflow.ts';
import { {{CONST}}_WORKFLOW } from './workflow.ts';

export const {{CONST}} = defineRecord({
  entity: '{{kebab}}',
  table: '{{table}}',
  fields: [
    {
      name: 'studentName',
      column: 'student_name',
      label: "Student's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'off',
      labels: { list: 'Student name', details: 'Student name' },
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'parentName',
      column: 'parent_name',
      label: "Parent's name",
      kind: 'text',
      person: true,
      max: 100,
      autoComplete: 'name',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'mobile',
      column: 'mobile',
      label: 'Mobile number',
      kind: 'phone',
      max: PHONE_INPUT_MAX,
      hint: '10 digits',
      autoComplete: 'tel',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'studentClass',
      column: 'student_class',
      label: 'Class',
      kind: 'select',
      max: 10,
      options: ALL_CLASSES,
      optionText: classText,
      placeholder: 'Select class',
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'reason',
      column: 'reason',
      label: 'Reason',
      kind: 'textarea',
      max: 1000,
      show: ['form', 'details', 'export'],
    },
    languageField(),
    consentField(),
    { name: 'createdAt', column: 'created_at', label: 'Received on', kind: 'datetime', show: ['details', 'export'] },
    {
      name: 'status',
      column: 'status',
      label: 'Status',
      kind: 'select',
      options: {{CONST}}_WORKFLOW.statuses,
      optionText: (v: string) => {{CONST}}_WORKFLOW.labels[v as keyof typeof {{CONST}}_WORKFLOW.labels] ?? v,
      show: ['list', 'export'],
    },
  ],
  listOrder: ['studentName', 'parentName', 'studentClass', 'mobile', 'status'],
});

export type {{Pascal}} = RecordJson<typeof {{CONST}}> &
  Partial<PrivacyState> & { statusChangedAt?: string | null; history?: HistoryEntry[] };
