import type { Config } from '@netlify/functions';
import { router } from '../../src/features/router.ts';
import { adminOnly, principalOnly } from '../../src/server/auth.ts';
import {
  countTcRequests,
  createTcRequest,
  deleteTcRequest,
  exportTcRequests,
  getTcRequest,
  listTcRequests,
  loadTcRequest,
  moveTcRequest,
} from '../../src/features/tc-request/tc-request.server.ts';
import { paymentRoutes } from '../../src/features/payments/payments.server.ts';
import { parentReceipt } from '../../src/features/payments/receipt-pdf.server.ts';
import { privacyRoutes } from '../../src/features/privacy/privacy.server.ts';
import { checkTcStatus } from '../../src/features/tc-request/status-check.server.ts';
import { attachCertificate, openCertificate } from '../../src/features/tc-request/certificate.server.ts';
import { getTcAcknowledgment, tcPayment } from '../../src/features/tc-request/acknowledgment.server.ts';
import { issueTc } from '../../src/features/tc-request/issue.server.ts';

export const config: Config = {
  path: [
    '/v1/api/tc-request',
    '/v1/api/tc-request/admission-number/:admissionNumber',
    '/v1/api/tc-request/export.csv',
    '/v1/api/tc-request/status',
    '/v1/api/tc-request/receipt',
    '/v1/api/tc-request/acknowledgment',
    '/v1/api/tc-request/payment',
    '/v1/api/tc-request/:id',
    '/v1/api/tc-request/:id/payments',
    '/v1/api/tc-request/:id/payments/:paymentId/reverse',
    '/v1/api/tc-request/:id/waive',
    '/v1/api/tc-request/:id/export.zip',
    '/v1/api/tc-request/:id/erase',
    '/v1/api/tc-request/:id/fields',
    '/v1/api/tc-request/:id/certificate',
    '/v1/api/tc-request/:id/issue',
  ],
  // No method list here: every method, HEAD included, reaches the router below, whose table is
  // the list of what each path takes; another method is a JSON 405 with Allow.
};

const payments = paymentRoutes('tc-request', loadTcRequest);
const privacy = privacyRoutes('tc-request', loadTcRequest);

export default router({
  '/v1/api/tc-request': { GET: adminOnly(listTcRequests), POST: createTcRequest },
  '/v1/api/tc-request/admission-number/:admissionNumber': { GET: countTcRequests },
  '/v1/api/tc-request/export.csv': { GET: adminOnly(exportTcRequests) },
  // A parent's, proven by the admission number and the request's mobile number.
  '/v1/api/tc-request/status': { POST: checkTcStatus },
  '/v1/api/tc-request/receipt': { GET: parentReceipt('tc-request') },
  // A parent's acknowledgment PDF, proven by the reference number and the request's mobile number.
  '/v1/api/tc-request/acknowledgment': { GET: getTcAcknowledgment },
  // Whether the TC fee is paid online: the form says the one way it is paid.
  '/v1/api/tc-request/payment': { GET: tcPayment },
  '/v1/api/tc-request/:id': {
    GET: adminOnly(getTcRequest),
    PATCH: adminOnly(moveTcRequest),
    DELETE: principalOnly(deleteTcRequest),
  },
  '/v1/api/tc-request/:id/payments': { POST: adminOnly(payments.record) },
  '/v1/api/tc-request/:id/payments/:paymentId/reverse': { POST: principalOnly(payments.reverse) },
  '/v1/api/tc-request/:id/waive': { POST: principalOnly(payments.waive) },
  // A parent's requests about their child's data, carried out by the principal.
  '/v1/api/tc-request/:id/export.zip': { GET: principalOnly(privacy.exportZip) },
  '/v1/api/tc-request/:id/erase': { POST: principalOnly(privacy.eraseNow) },
  '/v1/api/tc-request/:id/fields': { PATCH: principalOnly(privacy.correctField) },
  // The signed TC's scan, attached once it is issued (published for verification: tc-verification.mts).
  '/v1/api/tc-request/:id/certificate': {
    GET: adminOnly(openCertificate),
    POST: adminOnly(attachCertificate(loadTcRequest)),
  },
  // The TC drawn from the register in CBSE's format: the principal's, as signing it is.
  '/v1/api/tc-request/:id/issue': { POST: principalOnly(issueTc) },
});
