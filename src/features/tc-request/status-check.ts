/**
 * A parent's look at a TC request: the check of the lookup (the admission number and the mobile
 * number given in the request) and the answer, shared by the status page's island and
 * POST /v1/api/tc-request/status (src/features/tc-request/status-check.server.ts).
 */
import {
  checkLookup,
  isReceiptNumber,
  type LookupRules,
  type Say,
  type StatusCheckTexts,
} from '../../lib/status-check.ts';
import { TC_REQUEST } from './tc-request.ts';
import { normaliseAdmissionNumber } from './schema.ts';
import type { TcStatus } from './workflow.ts';

const MAX = TC_REQUEST.fields.find((f) => f.name === 'admissionNumber')!.max!;

/** An admission number as the TC form stores it; undefined when empty or longer than the form takes. */
export const admissionNumber = (value: string) => {
  const number = normaliseAdmissionNumber(value);
  return number && number.length <= MAX ? number : undefined;
};

const RULES: LookupRules<'admissionNumber'> = {
  number: 'admissionNumber',
  normalise: admissionNumber,
  numberMessage: 'statusCheck.error.admissionNumber',
};

/** { admissionNumber, contactNo, language? }, checked and normalised. */
export const checkTcLookup = (input: unknown, say: Say) => checkLookup(RULES, input, say);

/** { admissionNumber, contactNo, number, language? }: one of the request's receipts (GET .../tc-request/receipt). */
export const checkTcReceipt = (input: unknown, say: Say) =>
  checkLookup(RULES, input, say, {
    fields: ['number'] as const,
    problems: (values) => (isReceiptNumber(values.number) ? {} : { number: 'statusCheck.error.receipt' as const }),
  });

export interface TcStatusAnswer extends StatusCheckTexts {
  admissionNumber: string;
  studentName: string;
  status: TcStatus;
  /** A TC request carries no documents: always empty, so both answers read alike. */
  missing: [];
  /** Once issued. */
  tcNumber?: string;
}
