/**
 * A parent's look at an application, without phoning the school: the check of the lookup (its
 * reference number and the mobile number on the form) and the answer, shared by the status page's
 * island and POST /v1/api/admission/status (src/features/admission/status-check.server.ts).
 */
import {
  checkLookup,
  isReceiptNumber,
  type LookupRules,
  type Say,
  type StatusCheckTexts,
} from '../../lib/status-check.ts';
import { isFileField, type FileField } from './admission.ts';
import { REFERENCE_NUMBER } from '../../lib/record-numbers.ts';
import type { AdmissionStatus } from './workflow.ts';

/** A reference number however it is typed: spaces dropped, upper case; undefined when it cannot be one. */
export function normaliseReference(value: string): string | undefined {
  const reference = value.replace(/\s+/g, '').toUpperCase();
  return REFERENCE_NUMBER.test(reference) ? reference : undefined;
}

const RULES: LookupRules<'referenceNumber'> = {
  number: 'referenceNumber',
  normalise: normaliseReference,
  numberMessage: 'statusCheck.error.reference',
};

/** { referenceNumber, contactNo, language? }, checked and normalised. */
export const checkAdmissionLookup = (input: unknown, say: Say) => checkLookup(RULES, input, say);

/** { referenceNumber, contactNo, field, uploadId, language? }: a new file for a rejected document. */
export const checkReplacement = (input: unknown, say: Say) =>
  checkLookup(RULES, input, say, {
    fields: ['field', 'uploadId'] as const,
    problems: (values) => ({
      ...(isFileField(values.field) ? {} : { field: 'statusCheck.error.document' as const }),
      ...(values.uploadId ? {} : { uploadId: 'statusCheck.error.upload' as const }),
    }),
  });

/** { referenceNumber, contactNo, number, language? }: one of the application's receipts (GET .../admission/receipt). */
export const checkAdmissionReceipt = (input: unknown, say: Say) =>
  checkLookup(RULES, input, say, {
    fields: ['number'] as const,
    problems: (values) => (isReceiptNumber(values.number) ? {} : { number: 'statusCheck.error.receipt' as const }),
  });

/** A document the office rejected: what it is and why, in the office's words. */
export interface MissingDocument {
  field: FileField;
  label: string;
  reason: string;
}

export interface AdmissionStatusAnswer extends StatusCheckTexts {
  referenceNumber: string;
  studentFirstName: string;
  /** The class's canonical label: P.N.C, N.C, K.G or 1-12. */
  admissionClass: string;
  status: AdmissionStatus;
  /** Documents to send again, in the form's order; empty once the application is decided. */
  missing: MissingDocument[];
}
