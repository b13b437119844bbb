/**
 * The WhatsApp message about a TC request, in English and Hindi: the letter an e-mail would carry
 * (src/features/outbox/letters.ts), its submission's while it is just requested, else its status's.
 */
import { inBothLanguages } from '../../lib/contact.ts';
import { tcRequestStatusChanged, tcRequestSubmitted } from './kind-letters.ts';
import type { TcRequest } from './tc-request.ts';
import { TC_WORKFLOW } from './workflow.ts';

export const tcMessages = (tc: TcRequest) =>
  inBothLanguages(
    (language) => (tc.status === TC_WORKFLOW.initial ? tcRequestSubmitted : tcRequestStatusChanged)(language, tc).body,
  );
