/**
 * What the school says to parents, in English, keyed by code; hi.ts has the same codes in Hindi.
 * `{name}` marks a value filled in by `fill` (./index.ts).
 */
export const EN = {
  'status.admission.received': 'received',
  'status.admission.under-review': 'under review',
  'status.admission.documents-verified': 'documents verified',
  'status.admission.admitted': 'admitted',
  'status.admission.waitlisted': 'on the waiting list',
  'status.admission.not-admitted': 'not admitted',
  'status.admission.withdrawn': 'withdrawn',
  'status.enquiry.new': 'received',
  'status.enquiry.contacted': 'in progress',
  'status.enquiry.visited': 'visit done',
  'status.enquiry.applied': 'application made',
  'status.enquiry.closed': 'closed',
  'status.tc-request.requested': 'received',
  'status.tc-request.fee-paid': 'fee received',
  'status.tc-request.issued': 'TC issued',
  'status.tc-request.rejected': 'not accepted',
  'whatsapp.admission':
    'Namaste from {school}. The admission application {reference} of {student} for {class} is now: {status}. For any question please call the school office on {phone}.',
  'whatsapp.enquiry':
    'Namaste from {school}. Thank you for your enquiry about admission of {student} to {class}. Status: {status}. For any question please call the school office on {phone}.',
  'whatsapp.tc-request':
    'Namaste from {school}. The transfer certificate request of {student} (admission number {admissionNumber}) is now: {status}. For any question please call the school office on {phone}.',
  'class.name': 'Class {class}',
} as const;

export type MessageCode = keyof typeof EN;
