/**
 * The WhatsApp message about an application, in English and Hindi: the letter queued for the
 * office to send (src/features/outbox/letters.ts), its submission's while it is just received, else
 * its status's.
 */
import { inBothLanguages } from '../../lib/contact.ts';
import { admissionStatusChanged, admissionSubmitted } from './kind-letters.ts';
import type { Admission } from './admission.ts';
import type { PaymentDetails } from '../payments/payments.ts';
import { ADMISSION_WORKFLOW } from './workflow.ts';

export const studentName = (a: Pick<Admission, 'studentFirstName' | 'studentMiddleName' | 'studentLastName'>) =>
  [a.studentFirstName, a.studentMiddleName, a.studentLastName].filter(Boolean).join(' ');

/** The details screen's admission carries its fee: an admitted family's letter asks for what is left. */
export const admissionMessages = (a: Admission & Partial<PaymentDetails>) =>
  inBothLanguages(
    (language) =>
      (a.status === ADMISSION_WORKFLOW.initial ? admissionSubmitted : admissionStatusChanged)(language, {
        ...a,
        feeDuePaise: a.fee?.balancePaise ?? 0,
      }).body,
  );
