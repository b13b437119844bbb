/** The WhatsApp message about a TC request, in English and Hindi: the child, the admission number and the status. */
import { inBothLanguages, parentMessage, statusWords } from '../../lib/contact.ts';
import type { TcRequest } from './tc-request.ts';

export const tcMessages = (tc: TcRequest) =>
  inBothLanguages((language) =>
    parentMessage(language, 'whatsapp.tc-request', {
      student: tc.studentName,
      admissionNumber: tc.admissionNumber,
      status: statusWords(language, 'tc-request', tc.status),
    }),
  );
