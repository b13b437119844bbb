/**
 * An API path no other function serves: a JSON 404, as every API answer is JSON. Its excluded
 * paths are exactly the other functions' paths, so exactly one function serves any API path
 * (tests/http/route-matrix.test.ts keeps the two lists equal).
 */
import type { Config } from '@netlify/functions';
import { router } from '../../src/server/http.ts';

export const config: Config = {
  path: ['/v1/api', '/v1/api/*'],
  excludedPath: [
    '/v1/api/admission', '/v1/api/admission/seats', '/v1/api/admission/export.csv', '/v1/api/admission/status', '/v1/api/admission/status/replace',
    '/v1/api/admission/acknowledgment', '/v1/api/admission/receipt', '/v1/api/admission/:id', '/v1/api/admission/:id/files/:field',
    '/v1/api/admission/:id/documents/:field',
    '/v1/api/admission/:id/payments', '/v1/api/admission/:id/payments/:paymentId/reverse', '/v1/api/admission/:id/waive',
    '/v1/api/admission/:id/export.zip', '/v1/api/admission/:id/erase', '/v1/api/admission/:id/fields', '/v1/api/admission/:id/consent-withdrawn',
    '/v1/api/admins', '/v1/api/admins/second-factor', '/v1/api/admins/:id',
    '/v1/api/audit', '/v1/api/audit/export.csv',
    '/v1/api/auth', '/v1/api/auth/login', '/v1/api/auth/login/code', '/v1/api/auth/logout', '/v1/api/auth/password',
    '/v1/api/auth/second-factor', '/v1/api/auth/second-factor/setup', '/v1/api/auth/second-factor/recovery-codes',
    '/v1/api/dashboard', '/v1/api/dashboard/go-live',
    '/v1/api/disclosure', '/v1/api/disclosure/documents/:key',
    '/v1/api/files',
    '/v1/api/enquiry', '/v1/api/enquiry/export.csv', '/v1/api/enquiry/:id',
    '/v1/api/enquiry/:id/export.zip', '/v1/api/enquiry/:id/erase', '/v1/api/enquiry/:id/fields',
    '/v1/api/fees', '/v1/api/fees/structure', '/v1/api/fees/structure/copy',
    '/v1/api/gallery', '/v1/api/gallery/samples', '/v1/api/gallery/samples/:name', '/v1/api/gallery/:id',
    '/v1/api/pictures', '/v1/api/pictures/:id',
    '/v1/api/magazine', '/v1/api/magazine/:id',
    '/v1/api/press', '/v1/api/press/:id',
    '/v1/api/jobs', '/v1/api/jobs/:id',
    '/v1/api/messages', '/v1/api/messages/:id',
    '/v1/api/opt-out', '/v1/api/opt-outs', '/v1/api/sms/report', '/v1/api/whatsapp/webhook',
    '/v1/api/notices', '/v1/api/notices/all', '/v1/api/notices/preview', '/v1/api/notices/:id',
    '/v1/api/pages', '/v1/api/pages/hidden',
    '/v1/api/payments/order', '/v1/api/payments/callback', '/v1/api/payments/webhook', '/v1/api/payments/reconcile', '/v1/api/payments/online',
    '/v1/api/receipts/:receiptNumber',
    '/v1/api/school',
    '/v1/api/seats',
    '/v1/api/tc-request', '/v1/api/tc-request/admission-number/:admissionNumber', '/v1/api/tc-request/export.csv', '/v1/api/tc-request/status',
    '/v1/api/tc-request/receipt', '/v1/api/tc-request/:id',
    '/v1/api/tc-request/:id/payments', '/v1/api/tc-request/:id/payments/:paymentId/reverse', '/v1/api/tc-request/:id/waive',
    '/v1/api/tc-request/:id/export.zip', '/v1/api/tc-request/:id/erase', '/v1/api/tc-request/:id/fields',
    '/v1/api/tc-request/:id/certificate',
    '/v1/api/tc-verification', '/v1/api/tc-verification/scan',
    '/v1/api/events', '/v1/api/events/:id',
    '/v1/api/uploads', '/v1/api/uploads/held',
    '/v1/api/uploads/pieces', '/v1/api/uploads/pieces/:id', '/v1/api/uploads/pieces/:id/:n',
  ],
};

export default router({});
