import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import {
  createAdmission,
  deleteAdmission,
  exportAdmissions,
  getAdmission,
  judgeDocument,
  listAdmissions,
  loadAdmission,
  moveAdmission,
} from '../../src/features/admission/admission.server.ts';
import { getAdmissionFile } from '../../src/features/admission/documents.server.ts';
import { getAcknowledgment } from '../../src/features/admission/acknowledgment.server.ts';
import {
  getAdmissionLetter,
  getLetterSettings,
  putLetterSettings,
} from '../../src/features/admission/letter.server.ts';
import { seatSummary } from '../../src/features/admission/seats.server.ts';
import { checkAdmissionStatus, replaceDocument } from '../../src/features/admission/status-check.server.ts';
import { paymentRoutes } from '../../src/features/payments/payments.server.ts';
import { parentReceipt } from '../../src/features/payments/receipt-pdf.server.ts';
import { privacyRoutes } from '../../src/features/privacy/privacy.server.ts';

export const config: Config = {
  path: [
    '/v1/api/admission',
    '/v1/api/admission/seats',
    '/v1/api/admission/export.csv',
    '/v1/api/admission/status',
    '/v1/api/admission/status/replace',
    '/v1/api/admission/acknowledgment',
    '/v1/api/admission/letter',
    '/v1/api/admission/letter-settings',
    '/v1/api/admission/receipt',
    '/v1/api/admission/:id',
    '/v1/api/admission/:id/files/:field',
    '/v1/api/admission/:id/documents/:field',
    '/v1/api/admission/:id/payments',
    '/v1/api/admission/:id/payments/:paymentId/reverse',
    '/v1/api/admission/:id/waive',
    '/v1/api/admission/:id/export.zip',
    '/v1/api/admission/:id/erase',
    '/v1/api/admission/:id/fields',
    '/v1/api/admission/:id/consent-withdrawn',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

const payments = paymentRoutes('admission', loadAdmission);
const privacy = privacyRoutes('admission', loadAdmission);

// Fixed paths before the :id pattern, which would take them otherwise.
export default router({
  '/v1/api/admission': { GET: adminOnly(listAdmissions), POST: createAdmission },
  '/v1/api/admission/seats': { GET: adminOnly(seatSummary) },
  '/v1/api/admission/export.csv': { GET: adminOnly(exportAdmissions) },
  // A parent's, proven by the reference number and the form's mobile number.
  '/v1/api/admission/status': { POST: checkAdmissionStatus },
  '/v1/api/admission/status/replace': { POST: replaceDocument },
  '/v1/api/admission/acknowledgment': { GET: getAcknowledgment },
  '/v1/api/admission/letter': { GET: getAdmissionLetter },
  '/v1/api/admission/letter-settings': { GET: adminOnly(getLetterSettings), PUT: principalOnly(putLetterSettings) },
  '/v1/api/admission/receipt': { GET: parentReceipt('admission') },
  '/v1/api/admission/:id': {
    GET: adminOnly(getAdmission),
    PATCH: adminOnly(moveAdmission),
    DELETE: principalOnly(deleteAdmission),
  },
  '/v1/api/admission/:id/files/:field': { GET: adminOnly(getAdmissionFile) },
  '/v1/api/admission/:id/documents/:field': { PATCH: adminOnly(judgeDocument) },
  '/v1/api/admission/:id/payments': { POST: adminOnly(payments.record) },
  '/v1/api/admission/:id/payments/:paymentId/reverse': { POST: principalOnly(payments.reverse) },
  '/v1/api/admission/:id/waive': { POST: principalOnly(payments.waive) },
  // A parent's requests about their child's data, carried out by the principal.
  '/v1/api/admission/:id/export.zip': { GET: principalOnly(privacy.exportZip) },
  '/v1/api/admission/:id/erase': { POST: principalOnly(privacy.eraseNow) },
  '/v1/api/admission/:id/fields': { PATCH: principalOnly(privacy.correctField) },
  '/v1/api/admission/:id/consent-withdrawn': { POST: principalOnly(privacy.consentWithdrawn) },
});
