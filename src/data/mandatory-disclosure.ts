/**
 * CBSE Mandatory Public Disclosure (Affiliation Bye-Laws, Appendix IX), shown at
 * /academy/mandatory-disclosure. The school office edits this one file.
 *
 * Any value written as placeholder('...') is shown on the page with a visible "Placeholder"
 * mark: replace it with the real value (a plain string) before launch. Documents live in
 * public/disclosure/ (the files there now are generated placeholders: replace them with the
 * signed scans under the same names, or change `file` here).
 */
import { site } from '../config/site.ts';

export interface Placeholder {
  placeholder: string;
}
export type Value = string | Placeholder;
export const placeholder = (text: string): Placeholder => ({ placeholder: text });
export const isPlaceholder = (value: Value): value is Placeholder => typeof value !== 'string';

export interface DisclosureRow {
  label: string;
  value: Value;
}
export interface DisclosureDocument {
  title: string;
  /** File name under public/disclosure/. */
  file: string;
  /** True while the file is the generated stand-in. */
  placeholder: boolean;
}
export interface BoardResult {
  year: string;
  registered: Value;
  passed: Value;
  passPercentage: Value;
  remarks: Value;
}

/** The contact record's affiliation number, marked as a placeholder while it is still written with X's. */
const affiliationNumber = (value: string): Value => (/X/i.test(value) ? placeholder(value) : value);

export const generalInformation: DisclosureRow[] = [
  { label: 'Name of the school', value: site.contact.name },
  { label: 'Affiliation number', value: affiliationNumber(site.contact.affiliationNumber) },
  { label: 'School code', value: placeholder('7XXXX') },
  { label: 'Complete address with pin code', value: site.contact.address },
  { label: 'Principal name', value: placeholder('Name of the Principal') },
  { label: 'Principal qualification', value: placeholder('M.Sc., B.Ed.') },
  { label: 'School e-mail', value: site.contact.email },
  { label: 'Contact details (landline/mobile)', value: `${site.contact.phone}, ${site.contact.secondPhone}` },
];

export const disclosureDocuments: DisclosureDocument[] = [
  { title: 'Copies of affiliation/upgradation letter and recent extension of affiliation, if any', file: 'affiliation-letter.pdf', placeholder: true },
  { title: 'Copies of societies/trust/company registration/renewal certificate, as applicable', file: 'trust-registration.pdf', placeholder: true },
  { title: 'Copy of No Objection Certificate (NOC) issued, if applicable, by the State Government', file: 'noc-state-government.pdf', placeholder: true },
  { title: 'Copies of recognition certificate under the RTE Act, 2009, and its renewal, if applicable', file: 'rte-recognition.pdf', placeholder: true },
  { title: 'Copy of valid building safety certificate as per the National Building Code', file: 'building-safety.pdf', placeholder: true },
  { title: 'Copy of valid fire safety certificate issued by the competent authority', file: 'fire-safety.pdf', placeholder: true },
  { title: 'Copy of the DEO certificate submitted by the school for affiliation/upgradation or self-certification by the school', file: 'deo-certificate.pdf', placeholder: true },
  { title: 'Copies of valid water, health and sanitation certificates', file: 'water-health-sanitation.pdf', placeholder: true },
  // Section C documents
  { title: 'Fee structure of the school', file: 'fee-structure.pdf', placeholder: true },
  { title: 'Annual academic calendar', file: 'academic-calendar.pdf', placeholder: true },
  { title: 'List of School Management Committee (SMC)', file: 'school-management-committee.pdf', placeholder: true },
  { title: 'List of Parents Teachers Association (PTA) members', file: 'pta-members.pdf', placeholder: true },
  { title: 'Last three years\' results of the board examinations', file: 'board-results.pdf', placeholder: true },
];

/** Section B: the first eight documents. Section C: the rest. */
export const sectionBDocuments = disclosureDocuments.slice(0, 8);
export const sectionCDocuments = disclosureDocuments.slice(8);

export const boardResultsX: BoardResult[] = [
  { year: '2025-26', registered: placeholder('84'), passed: placeholder('83'), passPercentage: placeholder('98.8%'), remarks: placeholder('Result awaited at the time of writing') },
  { year: '2024-25', registered: placeholder('78'), passed: placeholder('77'), passPercentage: placeholder('98.7%'), remarks: placeholder('—') },
  { year: '2023-24', registered: placeholder('71'), passed: placeholder('70'), passPercentage: placeholder('98.6%'), remarks: placeholder('—') },
];
export const boardResultsXII: BoardResult[] = [
  { year: '2025-26', registered: placeholder('62'), passed: placeholder('61'), passPercentage: placeholder('98.4%'), remarks: placeholder('Result awaited at the time of writing') },
  { year: '2024-25', registered: placeholder('58'), passed: placeholder('57'), passPercentage: placeholder('98.3%'), remarks: placeholder('—') },
  { year: '2023-24', registered: placeholder('51'), passed: placeholder('50'), passPercentage: placeholder('98.0%'), remarks: placeholder('—') },
];

export const staff: DisclosureRow[] = [
  { label: 'Principal', value: placeholder('Name of the Principal') },
  { label: 'Total number of teachers', value: placeholder('52') },
  { label: 'PGT (Post Graduate Teachers)', value: placeholder('14') },
  { label: 'TGT (Trained Graduate Teachers)', value: placeholder('18') },
  { label: 'PRT (Primary Teachers)', value: placeholder('16') },
  { label: 'Pre-primary teachers', value: placeholder('4') },
  { label: 'Teachers section ratio', value: placeholder('1.5 : 1') },
  { label: 'Student-teacher ratio', value: '15 : 1' },
  { label: 'Details of special educator', value: placeholder('Name, qualification (B.Ed. Special Education)') },
  { label: 'Details of counsellor and wellness teacher', value: placeholder('Name, qualification (M.A. Psychology)') },
];

export const infrastructure: DisclosureRow[] = [
  { label: 'Total campus area of the school (in square metres)', value: 'About 40,500 m² (10 acres)' },
  { label: 'Number and size of the classrooms (in square metres)', value: placeholder('40 classrooms, 50 m² each') },
  { label: 'Number and size of laboratories, including computer labs (in square metres)', value: placeholder('6 laboratories (physics, chemistry, biology, mathematics, 2 computer labs), 60 m² each') },
  { label: 'Internet facility (Y/N)', value: 'Yes' },
  { label: 'Number of girls\' toilets', value: placeholder('16') },
  { label: 'Number of boys\' toilets', value: placeholder('16') },
  { label: 'CCTV cameras on campus', value: 'Yes: entrances, corridors, playgrounds and buses' },
  { label: 'Link to the YouTube video of the inspection of the school covering the infrastructure', value: placeholder('Video to be published; link to be added') },
];
