/**
 * How a paper register's spreadsheet is read into the register's fields: its column headings
 * matched by name in English or Hindi, loosely ('Adm No', 'Admission No.', 'प्रवेश संख्या'), and
 * its cells read as the register stores them (dates, classes, gender, category). No server
 * imports: the import screen shows the same field names and reads a fix the same way.
 */
import { ALL_CLASSES } from '../../lib/classes.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { PUPIL, PUPIL_CATEGORIES } from './pupil.ts';

/**
 * Netlify refuses a function's binary body over 4.5 MB: 4 MB leaves room for the framing and the
 * office's fixes. A register of 5,000 pupils is about 400 KB as .xlsx and 1 MB as CSV.
 */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;
/** More rows than a school's register holds: a larger file is some other sheet. */
export const IMPORT_MAX_ROWS = 10_000;
/** Pupils the preview shows. */
export const IMPORT_SAMPLE = 20;

/** The register's fields an import fills, by name (reg's definition), and the whole name in one column. */
export const IMPORT_FIELDS = [
  'admissionNumber',
  'name',
  'firstName',
  'middleName',
  'lastName',
  'nameHi',
  'fatherName',
  'motherName',
  'dateOfBirth',
  'gender',
  'category',
  'address',
  'mobile',
  'aadhaar',
  'apaarId',
  'admittedOn',
  'classOnAdmission',
  'sectionOnAdmission',
  'class',
  'section',
  'session',
  'status',
  'leftOn',
  'leavingReason',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What a row needs: the admission number, a name and the class (and the date of admission the register keeps). */
export const IMPORT_REQUIRED = ['admissionNumber', 'firstName', 'class', 'admittedOn'] as const;

export const isImportField = (value: string): value is ImportField =>
  (IMPORT_FIELDS as readonly string[]).includes(value);

/** A field's label as the office reads it (the register's own, and 'Name' for the whole name). */
export const importFieldLabel = (field: string): string =>
  field === 'name' ? 'Name' : (PUPIL.fields.find((f) => f.name === field)?.label ?? field);

/** A heading as compared: lower case, letters, marks and digits only ('Adm. No.' -> 'admno', 'पिता का नाम' -> 'पिताकानाम'). */
export const headingKey = (heading: string) =>
  heading
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');

/** The headings each field answers to, as headingKey writes them, in English and as UP registers write them in Hindi. */
const HEADINGS: Record<ImportField, readonly string[]> = {
  admissionNumber: [
    'admno',
    'admnno',
    'admissionno',
    'admissionnumber',
    'admnumber',
    'admnnumber',
    'scholarno',
    'scholarnumber',
    'scholarregisterno',
    'srno',
    'srnumber',
    'enrolmentno',
    'enrollmentno',
    'प्रवेशसंख्या',
    'प्रवेशक्रमांक',
    'प्रवेशसं',
    'प्रवेशनं',
    'प्रवेशनंबर',
    'दाखिलासंख्या',
    'दाखिलानंबर',
    'दाखिलाक्रमांक',
    'प्रवेशपंजीसंख्या',
  ],
  name: [
    'name',
    'studentname',
    'studentsname',
    'pupilname',
    'pupilsname',
    'nameofstudent',
    'nameofpupil',
    'nameofthestudent',
    'nameofthepupil',
    'fullname',
    'नाम',
    'छात्रकानाम',
    'छात्राकानाम',
    'छात्रछात्राकानाम',
    'विद्यार्थीकानाम',
    'बच्चेकानाम',
  ],
  firstName: ['firstname', 'givenname', 'प्रथमनाम', 'पहलानाम'],
  middleName: ['middlename', 'मध्यनाम'],
  lastName: ['lastname', 'surname', 'familyname', 'उपनाम', 'अंतिमनाम'],
  nameHi: [
    'nameinhindi',
    'hindiname',
    'namehindi',
    'studentnameinhindi',
    'हिंदीमेंनाम',
    'नामहिंदीमें',
    'नामहिंदी',
    'हिन्दीमेंनाम',
    'नामहिन्दीमें',
    'नामहिन्दी',
  ],
  fatherName: [
    'father',
    'fathername',
    'fathersname',
    'nameoffather',
    'nameofthefather',
    'fatherguardianname',
    'fathersguardiansname',
    'पिता',
    'पिताकानाम',
    'पितासंरक्षककानाम',
    'पिताकानामसंरक्षक',
  ],
  motherName: ['mother', 'mothername', 'mothersname', 'nameofmother', 'माता', 'माताकानाम', 'मां', 'मांकानाम', 'माँकानाम'],
  dateOfBirth: ['dob', 'dateofbirth', 'birthdate', 'dobddmmyyyy', 'जन्मतिथि', 'जन्मदिनांक', 'जन्मकीतिथि', 'जन्मतारीख'],
  gender: ['gender', 'sex', 'boygirl', 'लिंग', 'बालकबालिका'],
  category: ['category', 'caste', 'castecategory', 'socialcategory', 'श्रेणी', 'वर्ग', 'जाति', 'जातिवर्ग'],
  address: [
    'address',
    'homeaddress',
    'residentialaddress',
    'permanentaddress',
    'पता',
    'निवासकापता',
    'स्थायीपता',
    'घरकापता',
  ],
  mobile: [
    'mobile',
    'mobileno',
    'mobilenumber',
    'phone',
    'phoneno',
    'phonenumber',
    'contact',
    'contactno',
    'contactnumber',
    'parentmobile',
    'मोबाइल',
    'मोबाइलनं',
    'मोबाइलनंबर',
    'मोबाइलसंख्या',
    'फोन',
    'फोननंबर',
    'संपर्कनंबर',
  ],
  aadhaar: [
    'aadhaar',
    'aadhar',
    'aadhaarno',
    'aadharno',
    'aadhaarnumber',
    'aadharnumber',
    'uid',
    'आधार',
    'आधारसंख्या',
    'आधारनं',
    'आधारनंबर',
  ],
  apaarId: ['apaar', 'apaarid', 'apaarno', 'apaarnumber', 'अपार', 'अपारआईडी', 'अपारसंख्या'],
  admittedOn: [
    'admittedon',
    'dateofadmission',
    'admissiondate',
    'admdate',
    'admndate',
    'doa',
    'प्रवेशतिथि',
    'प्रवेशदिनांक',
    'प्रवेशकीतिथि',
    'प्रवेशकीदिनांक',
    'दाखिलातिथि',
  ],
  classOnAdmission: [
    'classonadmission',
    'admissionclass',
    'classofadmission',
    'admittedinclass',
    'classadmitted',
    'प्रवेशकक्षा',
    'प्रवेशकीकक्षा',
    'प्रवेशकेसमयकक्षा',
    'कक्षाजिसमेंप्रवेशलिया',
  ],
  sectionOnAdmission: ['sectiononadmission', 'admissionsection', 'sectionofadmission', 'प्रवेशसेक्शन'],
  class: ['class', 'currentclass', 'presentclass', 'std', 'standard', 'grade', 'कक्षा', 'वर्तमानकक्षा', 'कक्षावर्तमान'],
  section: ['section', 'sec', 'div', 'division', 'सेक्शन', 'अनुभाग'],
  session: ['session', 'academicsession', 'सत्र', 'शैक्षिकसत्र'],
  status: ['status', 'स्थिति'],
  leftOn: [
    'lefton',
    'dateofleaving',
    'leavingdate',
    'dateleft',
    'dateofwithdrawal',
    'विद्यालयछोड़नेकीतिथि',
    'छोड़नेकीतिथि',
    'छोड़नेकीदिनांक',
  ],
  leavingReason: ['leavingreason', 'reasonforleaving', 'reasonofleaving', 'छोड़नेकाकारण', 'विद्यालयछोड़नेकाकारण'],
};

const EXACT = new Map<string, ImportField>(
  Object.entries(HEADINGS).flatMap(([field, keys]) => keys.map((key) => [key, field as ImportField])),
);
/** For a heading with more words than ours ('Admission No. (S.R.)'): our longest heading it starts with. */
const BY_LENGTH = [...EXACT.entries()].filter(([key]) => key.length >= 4).sort((a, b) => b[0].length - a[0].length);

/**
 * The field of each column, by its heading (undefined: a column the register does not keep). Each
 * field is taken once, by its first column; an exact heading wins over one that only starts alike.
 */
export function matchHeadings(headings: readonly string[]): (ImportField | undefined)[] {
  const keys = headings.map(headingKey);
  const taken = new Set<ImportField>();
  const fields: (ImportField | undefined)[] = keys.map((key) => {
    const field = EXACT.get(key);
    if (!field || taken.has(field)) return undefined;
    taken.add(field);
    return field;
  });
  return fields.map((field, i) => {
    if (field || !keys[i]) return field;
    const found = BY_LENGTH.find(([key, f]) => !taken.has(f) && keys[i]!.startsWith(key))?.[1];
    if (found) taken.add(found);
    return found;
  });
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix', 'x', 'xi', 'xii'];
const PRE_PRIMARY: Record<string, string> = {
  pnc: 'P.N.C',
  prenursery: 'P.N.C',
  playgroup: 'P.N.C',
  pg: 'P.N.C',
  nc: 'N.C',
  nursery: 'N.C',
  nur: 'N.C',
  kg: 'K.G',
  ukg: 'K.G',
  prep: 'K.G',
};
/** Devanagari digits as the office may type them ('५'). */
const latinDigits = (text: string) => text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x0966));

/**
 * A class as written in a register ('V', '5', 'Class 5', '5th', 'कक्षा 5', 'UKG', 'K.G.') as the
 * school's label (src/config/classes.ts), or undefined. LKG is left to the office: schools use it
 * for nursery or for K.G.
 */
export function readClass(written: string): string | undefined {
  const key = latinDigits(written)
    .toLowerCase()
    .replace(/^\s*(class|std|standard|grade|कक्षा)\.?/u, '')
    .replace(/[^a-z0-9]/g, '')
    .replace(/^(\d+)(st|nd|rd|th)$/, '$1');
  if (/^\d+$/.test(key)) {
    const n = Number(key);
    return n >= 1 && n <= 12 ? String(n) : undefined;
  }
  const roman = ROMAN.indexOf(key);
  if (roman >= 0) return String(roman + 1);
  const label = PRE_PRIMARY[key];
  return label && (ALL_CLASSES as readonly string[]).includes(label) ? label : undefined;
}

/** 'V-A', '5 B', '10/C': a class and its section in one cell, read apart. */
export function splitClassSection(written: string): { class: string; section: string } | undefined {
  const m = /^(.+?)[\s\-/]+([A-Za-z])$/.exec(written.trim());
  const label = m ? readClass(m[1]!) : undefined;
  return label ? { class: label, section: m![2]!.toUpperCase() } : undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An Excel serial day number (1 = 1900-01-01, with Excel's 1900 leap day) as YYYY-MM-DD. */
export function excelSerialDate(serial: number): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return undefined;
  const date = new Date(Math.round((Math.floor(serial) - 25569) * 86400000));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * A date as a register writes it: DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY (the Indian order), or
 * YYYY-MM-DD; undefined for anything else, a two-digit year included (which century is a guess).
 */
export function readDate(written: string): string | undefined {
  const text = latinDigits(written).trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : undefined;
  if (!parts) return undefined;
  const date = `${parts[0]}-${pad(Number(parts[1]))}-${pad(Number(parts[2]))}`;
  return isCalendarDate(date) ? date : undefined;
}

const GENDER: Record<string, string> = {
  m: 'Male',
  male: 'Male',
  boy: 'Male',
  b: 'Male',
  पुरुष: 'Male',
  बालक: 'Male',
  लड़का: 'Male',
  छात्र: 'Male',
  f: 'Female',
  female: 'Female',
  girl: 'Female',
  g: 'Female',
  स्त्री: 'Female',
  महिला: 'Female',
  बालिका: 'Female',
  लड़की: 'Female',
  छात्रा: 'Female',
};
/** 'M', 'Boy', 'बालक' as the register's 'Male'; what is not a gender stays as written, for the check to name. */
export const readGender = (written: string) => GENDER[headingKey(written)] ?? written;

const CATEGORY: Record<string, string> = {
  gen: 'GENERAL',
  general: 'GENERAL',
  unreserved: 'GENERAL',
  ur: 'GENERAL',
  सामान्य: 'GENERAL',
  obc: 'OBC',
  backward: 'OBC',
  पिछड़ावर्ग: 'OBC',
  अन्यपिछड़ावर्ग: 'OBC',
  sc: 'SC',
  अनुसूचितजाति: 'SC',
  st: 'ST',
  अनुसूचितजनजाति: 'ST',
  sbc: 'SBC',
  minority: 'MINORITY',
  अल्पसंख्यक: 'MINORITY',
};
/** 'Gen', 'obc', 'अनुसूचित जाति' as the register's category; other words stay as written. */
export function readCategory(written: string): string {
  const key = headingKey(written);
  const known = CATEGORY[key] ?? (PUPIL_CATEGORIES as readonly string[]).find((c) => c.toLowerCase() === key);
  return known ?? written;
}

/** 'Studying', 'Left', 'TC issued' as the register's status. */
export function readStatus(written: string): string {
  const key = headingKey(written);
  if (['', 'studying', 'current', 'active', 'present', 'अध्ययनरत', 'पढ़रहाहै'].includes(key)) return 'studying';
  if (['left', 'tcissued', 'tc', 'withdrawn', 'passedout', 'leftschool', 'छोड़दिया', 'टीसी'].includes(key))
    return 'left';
  return written;
}

/** A cell a spreadsheet kept safe when this site exported it (="0042", '=x): its text as typed. */
export const unguarded = (text: string) =>
  text.replace(/^="(.*)"$/s, '$1').replace(/^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/, '');

/** A whole name in one column, split as the register keeps it: first word, last word, and the rest between. */
export function splitName(name: string): { firstName: string; middleName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', middleName: '', lastName: '' };
  return { firstName: words[0]!, middleName: words.slice(1, -1).join(' '), lastName: words.at(-1)! };
}

/** One problem of the preview: the spreadsheet's row (as Excel numbers it), the field, what it holds and why it cannot be read. */
export interface ImportProblem {
  row: number;
  field: string;
  value: string;
  reason: string;
}

/** One pupil ready to import, as the preview shows it. */
export interface ImportedPupil {
  row: number;
  admissionNumber: string;
  firstName: string;
  middleName: string;
  lastName: string;
  fatherName: string;
  dateOfBirth: string | null;
  class: string;
  section: string;
}

/** The preview's answer (`?dryRun=1`). */
export interface ImportPreview {
  rows: number;
  ready: number;
  problems: ImportProblem[];
  sample: ImportedPupil[];
  /** Each column's heading and the field it was read as (null: not read). */
  columns: { heading: string; field: string | null }[];
  /** The series' next number after these pupils, when their numbers are numbers; the principal sets it. */
  nextNumberHint: number | null;
  /** What the row holds, by field, for each row with a problem: the screen shows it to be fixed. */
  problemRows: Record<string, Record<string, string>>;
}

/** The import's answer. */
export interface ImportResult {
  imported: number;
  nextNumberHint: number | null;
}
