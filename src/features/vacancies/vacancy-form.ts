/**
 * The vacancy form's values and the payload it sends. Validation is the shared schema of
 * vacancy.ts (the server applies the same).
 */
import { validateVacancyInput } from './vacancy.ts';

export interface VacancyValues {
  jobTitle: string;
  jobDescription: string;
  employmentType: string;
  keyResponsibilities: string[];
  qualificationsAndRequirements: string[];
}

export const emptyVacancy = (): VacancyValues => ({
  jobTitle: '',
  jobDescription: '',
  employmentType: '',
  keyResponsibilities: [],
  qualificationsAndRequirements: [],
});

/** Items trimmed, empty ones dropped. */
export const cleanList = (items: readonly string[]) => items.map((i) => i.trim()).filter(Boolean);

export function vacancyPayload(values: VacancyValues): VacancyValues {
  return {
    jobTitle: values.jobTitle.trim(),
    jobDescription: values.jobDescription.trim(),
    employmentType: values.employmentType,
    keyResponsibilities: cleanList(values.keyResponsibilities),
    qualificationsAndRequirements: cleanList(values.qualificationsAndRequirements),
  };
}

export type VacancyProblem = { message: string; field: keyof VacancyValues };

const FIELD_ORDER: (keyof VacancyValues)[] = [
  'jobTitle',
  'jobDescription',
  'employmentType',
  'keyResponsibilities',
  'qualificationsAndRequirements',
];

/** The first problem of the form (message and the field to focus), or undefined. */
export function validateVacancy(values: VacancyValues, mode: 'create' | 'edit'): VacancyProblem | undefined {
  const result = validateVacancyInput(values, mode);
  if (result.ok) return undefined;
  const field =
    FIELD_ORDER.find((f) => result.fields[f] === result.error) ??
    FIELD_ORDER.find((f) => result.fields[f]) ??
    'jobTitle';
  return { message: result.error, field };
}
