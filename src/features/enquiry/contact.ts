/**
 * The WhatsApp message about an enquiry, in English and Hindi: the letter an e-mail would carry
 * (src/features/outbox/letters.ts), its submission's while the enquiry is new, else its status's.
 */
import { inBothLanguages } from '../../lib/contact.ts';
import { enquiryStatusChanged, enquirySubmitted } from './kind-letters.ts';
import type { Enquiry } from './enquiry.ts';
import { ENQUIRY_WORKFLOW } from './workflow.ts';

export const enquiryMessages = (e: Enquiry) =>
  inBothLanguages(
    (language) => (e.status === ENQUIRY_WORKFLOW.initial ? enquirySubmitted : enquiryStatusChanged)(language, e).body,
  );
