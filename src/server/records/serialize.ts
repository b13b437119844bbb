/**
 * Database rows to API records (camelCase, string `_id`, ISO dates, Aadhaar masked).
 * Shared by the public POST answers and the admin reads.
 */
import { maskAadhaar } from '../aadhaar.ts';

type Row = Record<string, unknown>;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export const ENQUIRY_FIELDS = [
  'admissionClass', 'studentName', 'fatherName', 'motherName', 'gender', 'dateOfBirth', 'fatherMobile',
  'email', 'category', 'lastSchoolAttended', 'fatherOccupation', 'motherOccupation', 'address', 'referredBy',
] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** camelCase field name to its snake_case column. */
export const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function enquiryJson(row: Row) {
  const record: Record<string, string> = { _id: String(row.id) };
  for (const field of ENQUIRY_FIELDS) record[field] = text(row[column(field)]);
  return { ...record, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

export function tcRequestJson(row: Row) {
  return {
    _id: String(row.id),
    studentName: text(row.student_name),
    admissionNumber: text(row.admission_number),
    aadharUid: maskAadhaar(text(row.aadhaar_last4)),
    parentName: text(row.parent_name),
    reason: text(row.reason),
    contact: text(row.contact),
    email: text(row.email),
    paymentStatus: text(row.payment_status),
    transactionId: row.transaction_id === null || row.transaction_id === undefined ? null : String(row.transaction_id),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Every file field of an admission (spec 01 section 3), in the order the details page lists them. */
export const ADMISSION_FILE_FIELDS = [
  'studentAadharFile', 'studentPhoto', 'studentBirthCertificate', 'fatherAadharFile', 'fatherPhoto',
  'motherAadharFile', 'motherPhoto', 'domicileCertificate', 'abcCard', 'previousSchoolTC',
  'previousMarksheet', 'studentMigrationDocument', 'scholarshipDocument',
] as const;
export type AdmissionFileField = (typeof ADMISSION_FILE_FIELDS)[number];

export const ADMISSION_TEXT_FIELDS = [
  'studentFirstName', 'studentMiddleName', 'studentLastName', 'fatherFirstName', 'fatherMiddleName',
  'fatherLastName', 'motherFirstName', 'motherMiddleName', 'motherLastName', 'abcId', 'contactNo',
  'governmentScholarship',
] as const;

/** The admin-only path that serves one document of an admission. */
export const admissionFilePath = (id: string, field: string) => `/v1/api/admission/${id}/files/${field}`;

/**
 * An admission for the admin API. `files` lists the fields that have a stored document
 * (with their content type), so each file field is either null or its protected path.
 */
export function admissionJson(row: Row, files: { field: string; contentType: string; name: string }[] = []) {
  const id = String(row.id);
  const record: Record<string, unknown> = {
    _id: id,
    referenceNumber: text(row.reference_number),
    band: text(row.band),
    admissionClass: text(row.admission_class),
    studentAadharNo: maskAadhaar(text(row.student_aadhaar_last4)),
  };
  for (const field of ADMISSION_TEXT_FIELDS) record[field] = text(row[column(field)]);
  const byField = new Map(files.map((f) => [f.field, f]));
  for (const field of ADMISSION_FILE_FIELDS) record[field] = byField.has(field) ? admissionFilePath(id, field) : null;
  record.fileTypes = Object.fromEntries(files.map((f) => [f.field, f.contentType]));
  record.paymentStatus = text(row.payment_status);
  record.transactionId = row.transaction_id === null || row.transaction_id === undefined ? null : String(row.transaction_id);
  record.createdAt = iso(row.created_at);
  record.updatedAt = iso(row.updated_at);
  return record;
}
