/** The records the API answers (see the API section of issue 6 and src/server/records/serialize.ts). */
export interface Vacancy {
  _id: string;
  jobTitle: string;
  jobDescription: string;
  keyResponsibilities: string[];
  qualificationsAndRequirements: string[];
  employmentType: string;
  createdAt: string;
  updatedAt: string;
}

export interface GalleryItem {
  _id: string;
  title: string;
  description: string;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TcRequest {
  _id: string;
  studentName: string;
  admissionNumber: string;
  aadharUid?: string;
  parentName: string;
  reason: string;
  contact: string;
  email: string;
  paymentStatus: string;
  transactionId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const ADMISSION_FILE_LABELS: [field: string, label: string][] = [
  ['studentAadharFile', 'Student Aadhaar'],
  ['studentPhoto', 'Student photo'],
  ['studentBirthCertificate', 'Birth certificate'],
  ['fatherAadharFile', 'Father Aadhaar'],
  ['fatherPhoto', 'Father photo'],
  ['motherAadharFile', 'Mother Aadhaar'],
  ['motherPhoto', 'Mother photo'],
  ['domicileCertificate', 'Domicile certificate'],
  ['abcCard', 'ABC card'],
  ['previousSchoolTC', 'Previous school TC'],
  ['previousMarksheet', 'Previous marksheet'],
  ['studentMigrationDocument', 'Migration document'],
  ['scholarshipDocument', 'Scholarship document'],
];

export interface Admission {
  _id: string;
  referenceNumber?: string;
  band?: string;
  admissionClass: string;
  studentFirstName: string;
  studentMiddleName: string;
  studentLastName: string;
  studentAadharNo: string;
  fatherFirstName: string;
  fatherMiddleName: string;
  fatherLastName: string;
  motherFirstName: string;
  motherMiddleName: string;
  motherLastName: string;
  contactNo: string;
  abcId: string;
  governmentScholarship: string;
  paymentStatus: string;
  transactionId: string | null;
  /** Content type of each stored document, by field. */
  fileTypes?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

export interface Enquiry {
  _id: string;
  admissionClass: string;
  studentName: string;
  fatherName: string;
  motherName: string;
  gender: string;
  dateOfBirth: string;
  fatherMobile: string;
  email: string;
  category: string;
  lastSchoolAttended: string;
  fatherOccupation: string;
  motherOccupation: string;
  address: string;
  referredBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface Paged<T> {
  data: T[];
  totalPages: number;
  currentPage?: number;
}

export const PAGE_SIZE = 50;

/** A person's full name from its parts, skipping blanks. */
export const fullName = (...parts: (string | undefined | null)[]) => parts.filter((p) => p && p.trim()).join(' ');
