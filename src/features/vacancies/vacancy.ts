/**
 * A vacancy: its definition and the form's one schema (zod), used by the admin island and by the
 * vacancies function (/v1/api/jobs). Title, description and employment type are required, else 'Please fill in all
 * required fields.'; on create at least one responsibility and one qualification, else 'Please add
 * responsibilities and qualifications.' (edit has no list minimum). List items are trimmed and
 * empty ones ignored.
 */
import { z } from '../../lib/zod.ts';
import { defineRecord, type FieldName, type RecordJson } from '../../lib/record.ts';

export const EMPLOYMENT_TYPES = ['Full-Time', 'Part-Time', 'Contract'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const VACANCY_LIMITS = { title: 200, description: 5000, item: 500, items: 50 } as const;

export const VACANCY = defineRecord({
  entity: 'vacancy',
  table: 'vacancies',
  fields: [
    {
      name: 'jobTitle',
      column: 'job_title',
      label: 'Job title',
      kind: 'text',
      max: VACANCY_LIMITS.title,
      show: ['form', 'list', 'details', 'export'],
    },
    {
      name: 'jobDescription',
      column: 'job_description',
      label: 'Job description',
      kind: 'textarea',
      max: VACANCY_LIMITS.description,
      show: ['form', 'details', 'export'],
    },
    {
      name: 'keyResponsibilities',
      column: 'key_responsibilities',
      label: 'Key responsibilities',
      kind: 'list',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'qualificationsAndRequirements',
      column: 'qualifications_and_requirements',
      label: 'Qualifications and requirements',
      kind: 'list',
      show: ['form', 'details', 'export'],
    },
    {
      name: 'employmentType',
      column: 'employment_type',
      label: 'Employment type',
      kind: 'select',
      options: EMPLOYMENT_TYPES,
      show: ['form', 'list', 'details', 'export'],
    },
  ],
});

export type Vacancy = RecordJson<typeof VACANCY>;

export const VACANCY_TEXTS = {
  required: 'Please fill in all required fields.',
  lists: 'Please add responsibilities and qualifications.',
  employmentType: 'Employment type must be Full-Time, Part-Time or Contract.',
  tooLong: 'Text is too long.',
  tooManyItems: 'A list can have at most 50 items.',
} as const;

export type VacancyMode = 'create' | 'edit';

const trimmed = () =>
  z.pipe(
    z.string({ error: VACANCY_TEXTS.required }),
    z.transform((value: string) => value.trim()),
  );

const text = (max: number) => z.pipe(trimmed(), z.string().check(z.maxLength(max, { error: VACANCY_TEXTS.tooLong })));

const items = z.pipe(
  z.pipe(
    z.optional(z.array(z.string({ error: VACANCY_TEXTS.required }), { error: VACANCY_TEXTS.required })),
    z.transform((list: string[] | undefined) => (list ?? []).map((item) => item.trim()).filter((item) => item !== '')),
  ),
  z
    .array(z.string().check(z.maxLength(VACANCY_LIMITS.item, { error: VACANCY_TEXTS.tooLong })))
    .check(z.maxLength(VACANCY_LIMITS.items, { error: VACANCY_TEXTS.tooManyItems })),
);

const fieldSchema = (field: (typeof VACANCY.fields)[number]) =>
  field.kind === 'list' ? items : 'max' in field ? text(field.max) : trimmed();

const fields = z.object(
  Object.fromEntries(VACANCY.fields.map((f) => [f.name, fieldSchema(f)])) as {
    [F in (typeof VACANCY.fields)[number] as F['name']]: F['kind'] extends 'list'
      ? typeof items
      : ReturnType<typeof trimmed>;
  },
);
type Fields = z.output<typeof fields>;

/** Every field but the lists: those are checked on create only, after the rest. */
const REQUIRED = VACANCY.fields.filter((f) => f.kind !== 'list').map((f) => f.name) as (
  'jobTitle' | 'jobDescription' | 'employmentType'
)[];

/** The vacancy schema for a mode; its first issue is the message to show. Unknown keys are dropped. */
export function vacancySchema(mode: VacancyMode) {
  return fields.check(
    z.superRefine((vacancy: Fields, ctx) => {
      const missing = REQUIRED.filter((key) => vacancy[key] === '');
      if (missing.length) {
        for (const key of missing) ctx.addIssue({ code: 'custom', path: [key], message: VACANCY_TEXTS.required });
        return;
      }
      if (!(EMPLOYMENT_TYPES as readonly string[]).includes(vacancy.employmentType)) {
        ctx.addIssue({ code: 'custom', path: ['employmentType'], message: VACANCY_TEXTS.employmentType });
        return;
      }
      if (mode === 'create') {
        if (vacancy.keyResponsibilities.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['keyResponsibilities'], message: VACANCY_TEXTS.lists });
        }
        if (vacancy.qualificationsAndRequirements.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['qualificationsAndRequirements'], message: VACANCY_TEXTS.lists });
        }
      }
    }),
  );
}

export type VacancyInput = Pick<Vacancy, FieldName<typeof VACANCY>> & { employmentType: EmploymentType };

export type VacancyValidation =
  { ok: true; data: VacancyInput } | { ok: false; error: string; fields: Record<string, string> };

/** Validates a vacancy: the cleaned values, or the first message and a message per field. */
export function validateVacancyInput(input: unknown, mode: VacancyMode): VacancyValidation {
  const result = vacancySchema(mode).safeParse(input);
  if (result.success) return { ok: true, data: result.data as VacancyInput };
  const fieldMessages: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    fieldMessages[key] ??= issue.message;
  }
  // Required fields first, then the lists: the form's order.
  const ordered = [...result.error.issues].sort((a, b) => rank(a.message) - rank(b.message));
  return { ok: false, error: ordered[0]?.message ?? VACANCY_TEXTS.required, fields: fieldMessages };
}

const rank = (message: string) => (message === VACANCY_TEXTS.required ? 0 : message === VACANCY_TEXTS.lists ? 2 : 1);
