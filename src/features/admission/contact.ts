/** The WhatsApp message about an application, in English and Hindi: its reference number and status. */
import { inBothLanguages, parentMessage, statusWords } from '../../lib/contact.ts';
import { classFor } from '../../lib/messages/index.ts';
import type { Admission } from './admission.ts';

export const studentName = (a: Pick<Admission, 'studentFirstName' | 'studentMiddleName' | 'studentLastName'>) =>
  [a.studentFirstName, a.studentMiddleName, a.studentLastName].filter(Boolean).join(' ');

export const admissionMessages = (a: Admission) =>
  inBothLanguages((language) =>
    parentMessage(language, 'whatsapp.admission', {
      reference: a.referenceNumber,
      student: studentName(a),
      class: classFor(language, a.admissionClass),
      status: statusWords(language, 'admission', a.status),
    }),
  );
