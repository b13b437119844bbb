/** The WhatsApp message about an enquiry, in English and Hindi: the child, the class and the status. */
import { inBothLanguages, parentMessage, statusWords } from '../../lib/contact.ts';
import { classFor } from '../../lib/messages/index.ts';
import type { Enquiry } from './enquiry.ts';

export const enquiryMessages = (e: Enquiry) =>
  inBothLanguages((language) =>
    parentMessage(language, 'whatsapp.enquiry', {
      student: e.studentName,
      class: classFor(language, e.admissionClass),
      status: statusWords(language, 'enquiry', e.status),
    }),
  );
