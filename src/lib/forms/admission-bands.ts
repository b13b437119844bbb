/**
 * The three admission forms as data (spec 01 sections 2, 3, 5): one form component and one server
 * check read these. Early years sends 1-3 meaning P.N.C, N.C, K.G; every admission stores its band.
 */
import { CLASS_OPTIONS, type Band, type ClassOption } from '../classes.ts';
import { MSG } from './messages.ts';

export const ADMISSION_FILE_FIELDS = [
  'studentAadharFile', 'studentPhoto', 'studentBirthCertificate', 'fatherAadharFile', 'fatherPhoto',
  'motherAadharFile', 'motherPhoto', 'domicileCertificate', 'abcCard', 'previousSchoolTC',
  'previousMarksheet', 'studentMigrationDocument', 'scholarshipDocument',
] as const;
export type FileField = (typeof ADMISSION_FILE_FIELDS)[number];

export const ADMISSION_TEXT_FIELDS = [
  'studentFirstName', 'studentMiddleName', 'studentLastName', 'studentAadharNo', 'admissionClass',
  'fatherFirstName', 'fatherMiddleName', 'fatherLastName', 'motherFirstName', 'motherMiddleName',
  'motherLastName', 'abcId', 'contactNo', 'governmentScholarship',
] as const;
export type TextField = (typeof ADMISSION_TEXT_FIELDS)[number];

export type SectionId = 'student' | 'father' | 'mother' | 'additional' | 'academic';
export const SECTION_TITLES: Record<SectionId, string> = {
  student: 'Student',
  father: 'Father',
  mother: 'Mother',
  additional: 'Additional details',
  academic: 'Academic details',
};

export const TEXT_LABELS: Record<TextField, string> = {
  studentFirstName: 'Student first name',
  studentMiddleName: 'Student middle name',
  studentLastName: 'Student last name',
  studentAadharNo: 'Student Aadhaar number',
  admissionClass: 'Admission class',
  fatherFirstName: 'Father first name',
  fatherMiddleName: 'Father middle name',
  fatherLastName: 'Father last name',
  motherFirstName: 'Mother first name',
  motherMiddleName: 'Mother middle name',
  motherLastName: 'Mother last name',
  abcId: 'ABC ID',
  contactNo: 'Contact number',
  governmentScholarship: 'Government scholarship',
};

export const FILE_LABELS: Record<FileField, string> = {
  studentAadharFile: 'Student Aadhaar card',
  studentPhoto: 'Student photo',
  studentBirthCertificate: 'Birth certificate',
  fatherAadharFile: 'Father Aadhaar card',
  fatherPhoto: 'Father photo',
  motherAadharFile: 'Mother Aadhaar card',
  motherPhoto: 'Mother photo',
  domicileCertificate: 'Domicile certificate',
  abcCard: 'ABC card',
  previousSchoolTC: 'Previous school transfer certificate',
  previousMarksheet: 'Previous marksheet',
  studentMigrationDocument: 'Migration document',
  scholarshipDocument: 'Scholarship document',
};

/** Longest accepted text per field (ours: the spec gives none). */
export const TEXT_MAX: Record<TextField, number> = {
  studentFirstName: 60, studentMiddleName: 60, studentLastName: 60, studentAadharNo: 14, admissionClass: 10,
  fatherFirstName: 60, fatherMiddleName: 60, fatherLastName: 60, motherFirstName: 60, motherMiddleName: 60,
  motherLastName: 60, abcId: 40, contactNo: 10, governmentScholarship: 3,
};

/** One ordered file check: if any of `fields` is missing, `message`. */
export interface FileStep {
  message: string;
  fields: FileField[];
}

export interface BandDefinition {
  band: Band;
  path: string;
  heading: string;
  description: string;
  classOptions: (ClassOption & { text: string })[];
  /** Rule 1's text fields (the classes 1-5 form leaves admissionClass out of its own check). */
  required: TextField[];
  /** The documents this form has, by section, in page order. */
  files: Record<SectionId, FileField[]>;
  /** Rules 3 to 5, in order. */
  fileSteps: FileStep[];
  /** Classes 1-5 and 6-12: Academic details with government scholarship (rule 6). */
  academic: boolean;
  /** Only the early-years form clears its fields after success (spec 01 section 4). */
  clearAfterSuccess: boolean;
}

const REQUIRED_BASE: TextField[] = [
  'studentFirstName', 'studentMiddleName', 'studentLastName', 'studentAadharNo', 'fatherFirstName',
  'fatherMiddleName', 'fatherLastName', 'motherFirstName', 'motherMiddleName', 'motherLastName', 'abcId',
];
const AADHAR_STEP: FileStep = { message: MSG.aadharFiles, fields: ['studentAadharFile', 'fatherAadharFile', 'motherAadharFile'] };
const PHOTOS = ['studentPhoto', 'fatherPhoto', 'motherPhoto'] as FileField[];
const PARENT_FILES = {
  father: ['fatherAadharFile', 'fatherPhoto'] as FileField[],
  mother: ['motherAadharFile', 'motherPhoto'] as FileField[],
};
const classText = (o: ClassOption) => (/^\d+$/.test(o.label) ? `Class ${o.label}` : o.label);

export const BANDS_DEF: Record<Band, BandDefinition> = {
  primary: {
    band: 'primary',
    path: '/admissions/apply/primary',
    heading: 'Admission form: early years (P.N.C, N.C, K.G)',
    description: 'Apply online for admission to the pre-primary wing: P.N.C, N.C and K.G.',
    classOptions: CLASS_OPTIONS.primary.map((o) => ({ ...o, text: classText(o) })),
    required: [...REQUIRED_BASE, 'admissionClass'],
    files: {
      student: ['studentAadharFile', 'studentPhoto', 'studentBirthCertificate'],
      ...PARENT_FILES,
      additional: ['domicileCertificate', 'abcCard'],
      academic: [],
    },
    fileSteps: [
      AADHAR_STEP,
      { message: MSG.photos, fields: PHOTOS },
      { message: MSG.additionalDocuments, fields: ['domicileCertificate', 'studentBirthCertificate', 'abcCard'] },
    ],
    academic: false,
    clearAfterSuccess: true,
  },
  middle: {
    band: 'middle',
    path: '/admissions/apply/middle',
    heading: 'Admission form: classes 1 to 5',
    description: 'Apply online for admission to classes 1 to 5 (middle wing).',
    classOptions: CLASS_OPTIONS.middle.map((o) => ({ ...o, text: classText(o) })),
    required: [...REQUIRED_BASE],
    files: {
      student: ['studentAadharFile', 'studentPhoto', 'studentBirthCertificate'],
      ...PARENT_FILES,
      additional: ['domicileCertificate', 'abcCard'],
      academic: ['previousSchoolTC', 'previousMarksheet', 'scholarshipDocument'],
    },
    fileSteps: [
      AADHAR_STEP,
      { message: MSG.photoFiles, fields: PHOTOS },
      { message: MSG.domicile, fields: ['domicileCertificate'] },
      { message: MSG.abcCard, fields: ['abcCard'] },
      { message: MSG.previousTc, fields: ['previousSchoolTC'] },
      { message: MSG.previousMarksheet, fields: ['previousMarksheet'] },
    ],
    academic: true,
    clearAfterSuccess: false,
  },
  senior: {
    band: 'senior',
    path: '/admissions/apply/senior',
    heading: 'Admission form: classes 6 to 12',
    description: 'Apply online for admission to classes 6 to 12 (senior wing).',
    classOptions: CLASS_OPTIONS.senior.map((o) => ({ ...o, text: classText(o) })),
    required: [...REQUIRED_BASE, 'admissionClass'],
    files: {
      student: ['studentAadharFile', 'studentPhoto', 'studentBirthCertificate'],
      ...PARENT_FILES,
      additional: ['domicileCertificate', 'abcCard'],
      academic: ['previousSchoolTC', 'previousMarksheet', 'studentMigrationDocument', 'scholarshipDocument'],
    },
    fileSteps: [
      AADHAR_STEP,
      { message: MSG.photos, fields: PHOTOS },
      {
        message: MSG.documents,
        fields: ['previousSchoolTC', 'previousMarksheet', 'domicileCertificate', 'studentMigrationDocument', 'abcCard'],
      },
    ],
    academic: true,
    clearAfterSuccess: false,
  },
};

/** Every document field a band's form has. */
export const bandFiles = (def: BandDefinition): FileField[] => Object.values(def.files).flat();
