/**
 * The vacancies island's words in one language, picked where the page is built and handed to the
 * island, so its script carries only these and not the text tables.
 */
import { fill, type Language } from '../../lib/i18n/index.ts';
import { EMPLOYMENT_TYPES } from './vacancy.ts';

const CODES = [
  'vacancies.failedToast',
  'vacancies.loading',
  'vacancies.failed',
  'vacancies.none',
  'vacancies.noneLater',
  'vacancies.updated',
  'vacancies.readMore',
  'vacancies.readMoreAbout',
  'vacancies.subject',
  'vacancies.close',
  'vacancies.posted',
  'vacancies.responsibilities',
  'vacancies.qualifications',
  'vacancies.employmentType',
  'vacancies.postedOn',
  'vacancies.howToApply',
  'vacancies.phone',
  'vacancies.email',
  'vacancies.send',
  'vacancies.atOffice',
  ...EMPLOYMENT_TYPES.map((type) => `vacancies.type.${type}` as const),
] as const;

export type VacanciesTexts = Record<(typeof CODES)[number], string>;

export const vacanciesTexts = (lang: Language): VacanciesTexts =>
  Object.fromEntries(CODES.map((code) => [code, fill(lang, code)])) as VacanciesTexts;
