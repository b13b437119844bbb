/**
 * Every route of every function, read from the functions' own `config` exports, for the tests that
 * walk them all (tests/http/route-matrix.test.ts: public or guarded; tests/http/role-matrix.test.ts:
 * which role may call what), and the list of routes anyone may call.
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { KINDS } from '../../src/features/kinds.ts';
import type { RecordKind } from '../../src/features/record-kind.ts';

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../../netlify/functions');
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
export const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The content pages' routes (netlify/functions/content-pages.mts), English then Hindi. */
const CONTENT_SECTIONS = [
  '/',
  '/academy',
  '/academy/:page',
  '/academics',
  '/academics/:page',
  '/academics/methodology/:page',
  '/infrastructure',
  '/infrastructure/:page',
  '/infrastructure/facilities/:page',
  '/admissions',
  '/admissions/apply',
  '/press',
];
const CONTENT_PAGES = [...CONTENT_SECTIONS, ...CONTENT_SECTIONS.map((path) => (path === '/' ? '/hi' : `/hi${path}`))];

/** Each kind's function (src/features/kinds.ts): netlify/functions/<name>.mts serves /v1/api/<name>. */
export const kindFunctions = (kinds: readonly RecordKind[] = KINDS) => kinds.map((k) => `${k.name}.mts`);

/**
 * The routes every kind's function has (a paid kind's payments too), with who may call them and why,
 * for tests/api/role-matrix.test.ts: the principal's (a parent's requests about their data,
 * deletion, a fee's reversal or waiver) and those of every member of staff (the list, the details,
 * a status move, the export, a payment at the desk).
 */
export function kindRoutes(kinds: readonly RecordKind[] = KINDS) {
  const principalOnly: Record<string, string> = {};
  const staff: Record<string, string> = {};
  for (const k of kinds) {
    const at = `/v1/api/${k.name}`;
    Object.assign(principalOnly, {
      ...(k.neverDeleted ? {} : { [`DELETE ${at}/:id`]: 'office staff never delete records' }),
      [`GET ${at}/:id/export.zip`]: "a parent's request for everything held is the principal's to answer",
      [`POST ${at}/:id/erase`]: "erasure on a parent's request is the principal's",
      [`PATCH ${at}/:id/fields`]: "a correction on a parent's request is the principal's",
      ...(k.payment
        ? {
            [`POST ${at}/:id/payments/:paymentId/reverse`]: "payment reversal is the principal's",
            [`POST ${at}/:id/waive`]: "waiving a fee is the principal's",
          }
        : {}),
    });
    Object.assign(staff, {
      [`GET ${at}`]: `the ${k.labels.noun} list`,
      [`GET ${at}/:id`]: `${k.labels.the}'s details`,
      [`PATCH ${at}/:id`]: `moving ${k.labels.the}'s status (reopening a decided one is checked inside)`,
      [`GET ${at}/export.csv`]: `exporting the ${k.labels.noun} list`,
      ...(k.payment
        ? { [`POST ${at}/:id/payments`]: `recording a payment of ${k.payment.purpose.toLowerCase()}` }
        : {}),
    });
  }
  return { principalOnly, staff };
}

/** Routes anyone may call. Each entry says why; everything else must be admin-only. */
export const PUBLIC: Record<string, string> = {
  'GET /v1/api/auth': 'the session check itself (401 when signed out)',
  'POST /v1/api/auth/login': 'sign in',
  'POST /v1/api/auth/login/code':
    "sign in's second step: the code, proven by the half-signed-in step cookie a right password set",
  'POST /v1/api/auth/logout': 'sign out (checks XSRF when a session exists)',
  'POST /v1/api/enquiry': 'public enquiry form',
  'POST /v1/api/admission': 'public admission forms',
  'GET /v1/api/admission/acknowledgment': "a parent's acknowledgment PDF, proven by reference number and mobile number",
  'GET /v1/api/admission/letter': "an admitted family's admission letter PDF, proven like the acknowledgment",
  'POST /v1/api/uploads': 'staged admission documents',
  'POST /v1/api/uploads/held': 'which staged uploads a form may still use (proven by their ids)',
  'POST /v1/api/uploads/pieces': 'a staged admission document over 1 MB, started to be sent in pieces',
  'GET /v1/api/uploads/pieces/:id': 'which pieces of a document the server holds (proven by the upload id)',
  'PUT /v1/api/uploads/pieces/:id/:n': 'one piece of a document sent in pieces (proven by the upload id)',
  'POST /v1/api/tc-request': 'public TC request form',
  'GET /v1/api/tc-request/admission-number/:admissionNumber': 'count of earlier TC requests (the TC form)',
  'POST /v1/api/admission/status': "a parent's status check, proven by reference number and mobile number",
  'POST /v1/api/admission/status/replace': 'a parent sends a rejected document again, proven by the same pair',
  'POST /v1/api/tc-request/status': "a parent's TC request status check, proven by admission number and mobile number",
  'GET /v1/api/admission/receipt':
    "a parent's receipt PDF, proven by reference number and mobile number like the status check",
  'GET /v1/api/tc-request/receipt':
    "a parent's TC receipt PDF, proven by admission number and mobile number like the status check",
  'GET /v1/api/tc-request/acknowledgment':
    "a parent's TC request acknowledgment PDF, proven by its reference number and mobile number",
  'GET /v1/api/tc-request/payment': 'whether the TC fee is paid online, as the TC form says',
  'GET /opt-out': "a family's opt-out page, proven by the signed link its WhatsApp or SMS message ended with",
  'POST /v1/api/opt-out':
    'a family stops (or starts again) WhatsApp and SMS messages from the page, proven by the same signed link',
  'GET /hi/opt-out': 'the opt-out page in Hindi',
  'GET /v1/api/whatsapp/webhook': "Meta's webhook verification handshake, proven by the verify token",
  'POST /v1/api/whatsapp/webhook':
    "Meta's delivery and reply notifications, proven by X-Hub-Signature-256 (HMAC of the body with the app secret)",
  'POST /v1/api/sms/report': "MSG91's delivery reports, proven by the secret token of ours in the URL",
  'GET /v1/api/jobs': 'public vacancies page',
  'GET /v1/api/jobs/:id': 'public vacancy modal',
  'GET /v1/api/gallery': 'public gallery page',
  'GET /v1/api/gallery/:id': 'public gallery modal',
  'GET /v1/uploads/gallery/:key': 'published gallery images',
  'GET /v1/api/gallery/samples': 'the sample photos the public gallery still shows',
  'GET /gallery': 'the public gallery page',
  'GET /hi/gallery': 'the public gallery page in Hindi',
  'GET /v1/pictures/:id': "the school's pictures on its pages (the Image CDN's source)",
  'GET /v1/api/events': 'the published school calendar',
  'POST /v1/api/tc-verification': 'anyone verifies an issued TC, proven by its number and date of issue',
  'GET /v1/api/tc-verification/scan': "an issued TC's scan, through the short-lived link a verification answered",
  'GET /calendar': "the public calendar's page, this month",
  'GET /calendar/:month': "the public calendar's page of a month",
  'GET /hi/calendar': "the Hindi calendar's page, this month",
  'GET /hi/calendar/:month': "the Hindi calendar's page of a month",
  'GET /calendar.ics': 'the calendar feed phones subscribe to',
  'GET /v1/api/notices': "the current notices (the home page's list)",
  'GET /notices': 'public notices page',
  'GET /notices/:slug': "a published notice's page",
  'GET /notices/archive/:month': "a month's published notices",
  'GET /notices/feed.xml': 'the notices feed',
  'GET /notices/sitemap.xml': "the notices' pages for search engines",
  'GET /hi/notices': 'public notices page in Hindi',
  'GET /hi/notices/feed.xml': 'the notices feed in Hindi',
  'GET /hi/notices/:slug': "a published notice's page in Hindi",
  'GET /hi/notices/archive/:month': "a month's published notices in Hindi",
  // The content pages (src/features/pages/), in both languages, and their sitemap.
  ...Object.fromEntries(
    CONTENT_PAGES.map((path) => [`GET ${path}`, 'a content page (the home page, a section or a page under one)']),
  ),
  'GET /sitemap-pages.xml': 'the content pages that are not hidden, for search engines',
  'GET /v1/api/pages/hidden': "the hidden content pages' addresses, which built pages leave out of their menus",
  // The school's own facts and its CBSE disclosure: public by law and by nature.
  'GET /v1/api/school': "the school's profile (name, address, numbers), printed on every page",
  'GET /v1/api/disclosure': 'the Mandatory Public Disclosure, which CBSE requires every school to publish',
  'GET /academy/mandatory-disclosure': 'the Mandatory Public Disclosure page',
  'GET /hi/academy/mandatory-disclosure': 'the Mandatory Public Disclosure page in Hindi',
  // Fees, press and magazine: what the school publishes, the same for everyone.
  'GET /v1/api/fees': "the school's fees, as the public fee page and the TC form state them",
  'GET /admissions/fees': 'the public fee structure page',
  'GET /hi/admissions/fees': 'the public fee structure page in Hindi',
  'GET /v1/api/press': 'the press articles the public page shows',
  'GET /press/coverage': 'the public press page',
  'GET /hi/press/coverage': 'the public press page in Hindi',
  'GET /v1/api/magazine': 'the magazine issues the public page shows',
  'GET /press/magazine': 'the public magazine page',
  'GET /hi/press/magazine': 'the public magazine page in Hindi',
  'GET /v1/files/:id': "the staff's public files (a notice's attachment, a disclosure document); others are 404",
  // Paying online (src/features/payments/online.server.ts): the family and the gateway have no session.
  'POST /v1/api/payments/order': "a family's order of what is due, proven by the status check's pair",
  'POST /v1/api/payments/callback':
    "the gateway's checkout sends the family back here: verified by the checkout's signature",
  'POST /v1/api/payments/webhook': "the gateway's webhooks: verified by X-Razorpay-Signature",
  // The built-in test gateway (local runtime only, 404 on a deploy): Razorpay's API answers 401 without its test key.
  'POST /v1/test-gateway/v1/orders': "the test gateway: Razorpay's orders API (Basic auth of the test key)",
  'GET /v1/test-gateway/v1/orders/:id': 'the test gateway: an order (Basic auth of the test key)',
  'GET /v1/test-gateway/v1/orders/:id/payments': "the test gateway: an order's payments (Basic auth of the test key)",
  'GET /v1/test-gateway/v1/payments/:id': 'the test gateway: a payment (Basic auth of the test key)',
  'POST /v1/test-gateway/v1/payments/:id/refund': 'the test gateway: a refund (Basic auth of the test key)',
  'GET /v1/test-gateway/v1/checkout.js': "the test gateway's checkout script (Standard Checkout's contract)",
  'POST /v1/test-gateway/v1/checkout/embedded': "the test gateway's checkout page, marked as a test",
  'POST /v1/test-gateway/v1/checkout/pay': "the test gateway's checkout buttons",
  'POST /v1/test-gateway/control/pay': "tests drive the test gateway's payments (Basic auth of the test key)",
};

/** Public routes whose own answer without credentials is 401 by design: the test gateway speaks Razorpay's API, which asks for its key. */
export const PUBLIC_MAY_401_TEST_GATEWAY = new Set([
  'POST /v1/test-gateway/v1/orders',
  'GET /v1/test-gateway/v1/orders/:id',
  'GET /v1/test-gateway/v1/orders/:id/payments',
  'GET /v1/test-gateway/v1/payments/:id',
  'POST /v1/test-gateway/v1/payments/:id/refund',
  'POST /v1/test-gateway/control/pay',
]);

/** The limits every lookup by a record's number and a mobile number shares (src/server/status-check.ts). */
const LOOKUP = ['RATE_LIMIT_STATUS_CHECK', 'RATE_LIMIT_STATUS_CHECK_WRONG', 'RATE_LIMIT_STATUS_CHECK_MOBILE'] as const;

/**
 * What bounds each public route: the environment names of the limits its requests count in
 * (src/config/limits.ts, sign-in's throttle), or why it needs none. tests/http/route-matrix.test.ts
 * checks that each bounded route answers 429 when its limits are 0, and that every limit the
 * config names bounds a route here or is one of HOLDING_LIMITS.
 */
export const PUBLIC_LIMITS: Record<string, readonly string[] | { none: string }> = {
  'GET /v1/api/auth': { none: "answers about the caller's own session cookie: nothing to guess, nothing stored" },
  'POST /v1/api/auth/login': ['LOGIN_MAX_FAILURES_PER_IP'],
  'POST /v1/api/auth/login/code': ['LOGIN_MAX_FAILURES_PER_IP'],
  'POST /v1/api/auth/logout': { none: "ends the caller's own session, nothing else" },
  'POST /v1/api/enquiry': ['RATE_LIMIT_ENQUIRY'],
  'POST /v1/api/admission': ['RATE_LIMIT_ADMISSION', 'RATE_LIMIT_ADMISSION_MOBILE'],
  'GET /v1/api/admission/acknowledgment': LOOKUP,
  'GET /v1/api/admission/letter': LOOKUP,
  'POST /v1/api/uploads': ['RATE_LIMIT_UPLOADS'],
  'POST /v1/api/uploads/held': ['RATE_LIMIT_UPLOAD_CHECK'],
  'POST /v1/api/uploads/pieces': ['RATE_LIMIT_UPLOADS'],
  'GET /v1/api/uploads/pieces/:id': ['RATE_LIMIT_UPLOAD_PIECES'],
  'PUT /v1/api/uploads/pieces/:id/:n': ['RATE_LIMIT_UPLOAD_PIECES'],
  'POST /v1/api/tc-request': ['RATE_LIMIT_TC_REQUEST'],
  'GET /v1/api/tc-request/admission-number/:admissionNumber': ['RATE_LIMIT_TC_COUNT'],
  'POST /v1/api/admission/status': LOOKUP,
  'POST /v1/api/admission/status/replace': LOOKUP,
  'POST /v1/api/tc-request/status': LOOKUP,
  'GET /v1/api/admission/receipt': LOOKUP,
  'GET /v1/api/tc-request/receipt': LOOKUP,
  'GET /v1/api/tc-request/acknowledgment': LOOKUP,
  'GET /v1/api/tc-request/payment': {
    none: "a fact of the site's configuration, the same for everyone: nothing stored",
  },
  'GET /v1/api/jobs': { none: 'the published vacancies, the same for everyone' },
  'GET /v1/api/jobs/:id': { none: 'a published vacancy, the same for everyone' },
  'GET /v1/api/gallery': { none: 'the published gallery, the same for everyone' },
  'GET /v1/api/gallery/:id': { none: 'a published gallery item, the same for everyone' },
  'GET /v1/uploads/gallery/:key': { none: 'a published gallery image, the same for everyone' },
  'GET /v1/api/gallery/samples': { none: 'the sample photos still shown, the same for everyone' },
  'GET /gallery': { none: 'the published gallery page, the same for everyone' },
  'GET /hi/gallery': { none: 'the published gallery page, the same for everyone' },
  'GET /v1/pictures/:id': { none: 'a published picture, the same for everyone' },
  'GET /v1/api/school': { none: "the school's profile, the same for everyone" },
  'GET /v1/api/disclosure': { none: 'the published disclosure, the same for everyone' },
  'GET /academy/mandatory-disclosure': { none: 'a published page, the same for everyone' },
  'GET /hi/academy/mandatory-disclosure': { none: 'a published page, the same for everyone' },
  'GET /v1/api/fees': { none: 'the published fees, the same for everyone' },
  'GET /admissions/fees': { none: 'a published page, cached by the CDN' },
  'GET /hi/admissions/fees': { none: 'a published page, cached by the CDN' },
  'GET /v1/api/press': { none: 'the published press articles, the same for everyone' },
  'GET /press/coverage': { none: 'a published page, cached by the CDN' },
  'GET /hi/press/coverage': { none: 'a published page, cached by the CDN' },
  'GET /v1/api/magazine': { none: 'the published magazine issues, the same for everyone' },
  'GET /press/magazine': { none: 'a published page, cached by the CDN' },
  'GET /hi/press/magazine': { none: 'a published page, cached by the CDN' },
  'GET /v1/files/:id': {
    none: 'a file its record made public, the same for everyone; a random id has nothing to guess',
  },
  'GET /v1/api/events': { none: 'the published calendar, the same for everyone' },
  'POST /v1/api/payments/order': LOOKUP,
  'POST /v1/api/payments/callback': {
    none: 'acts only on a return signed with the key secret for an order we made: nothing to guess',
  },
  'POST /v1/api/payments/webhook': {
    none: 'acts only on a body signed with the webhook secret: nothing to guess, a replay does nothing',
  },
  'POST /v1/test-gateway/v1/orders': { none: 'the local test gateway: 404 on a deploy, and its key is asked' },
  'GET /v1/test-gateway/v1/orders/:id': { none: 'the local test gateway: 404 on a deploy, and its key is asked' },
  'GET /v1/test-gateway/v1/orders/:id/payments': {
    none: 'the local test gateway: 404 on a deploy, and its key is asked',
  },
  'GET /v1/test-gateway/v1/payments/:id': { none: 'the local test gateway: 404 on a deploy, and its key is asked' },
  'POST /v1/test-gateway/v1/payments/:id/refund': {
    none: 'the local test gateway: 404 on a deploy, and its key is asked',
  },
  'GET /v1/test-gateway/v1/checkout.js': {
    none: 'the local test gateway: 404 on a deploy; the same script for everyone',
  },
  'POST /v1/test-gateway/v1/checkout/embedded': {
    none: 'the local test gateway: 404 on a deploy; a page for an order it made',
  },
  'POST /v1/test-gateway/v1/checkout/pay': { none: 'the local test gateway: 404 on a deploy; no money moves' },
  'POST /v1/test-gateway/control/pay': { none: 'the local test gateway: 404 on a deploy, and its key is asked' },
  // The two address limits of the lookups (no mobile number is named), and the site-wide one of wrong tries.
  'POST /v1/api/tc-verification': [
    'RATE_LIMIT_STATUS_CHECK',
    'RATE_LIMIT_STATUS_CHECK_WRONG',
    'RATE_LIMIT_TC_VERIFY_WRONG',
  ],
  'GET /v1/api/tc-verification/scan': {
    none: 'answers only a link signed for 15 minutes by a verification that counted: nothing to guess',
  },
  'GET /calendar': { none: 'a public page, the same for everyone, cached by the CDN' },
  'GET /calendar/:month': { none: 'a public page, the same for everyone, cached by the CDN' },
  'GET /hi/calendar': { none: 'a public page, the same for everyone, cached by the CDN' },
  'GET /hi/calendar/:month': { none: 'a public page, the same for everyone, cached by the CDN' },
  'GET /calendar.ics': { none: 'the public feed, the same for everyone, cached by the CDN' },
  'GET /v1/api/notices': { none: 'the published notices, the same for everyone' },
  'GET /opt-out': {
    none: "shows one number's choice only to a link signed for it (an HMAC of 132 bits): nothing to guess",
  },
  'POST /v1/api/opt-out': { none: "records one number's choice only for a link signed for it: nothing to guess" },
  'GET /hi/opt-out': { none: 'the same page in Hindi, signed the same way' },
  'GET /v1/api/whatsapp/webhook': { none: 'answers only the verify token, compared in constant time; stores nothing' },
  'POST /v1/api/whatsapp/webhook': {
    none: 'stores only what Meta signed with the app secret: anyone else is refused before anything is read',
  },
  'POST /v1/api/sms/report': {
    none: 'stores only reports that carry the secret token of ours: anyone else is refused before the body is read',
  },
  'GET /notices': { none: 'a public page, the same for everyone (cached on the CDN)' },
  'GET /notices/:slug': { none: 'a public page, the same for everyone (cached on the CDN)' },
  'GET /notices/archive/:month': { none: 'a public page, the same for everyone (cached on the CDN)' },
  'GET /notices/feed.xml': { none: 'a public feed, the same for everyone (cached on the CDN)' },
  'GET /notices/sitemap.xml': { none: 'a public sitemap, the same for everyone (cached on the CDN)' },
  'GET /hi/notices/feed.xml': { none: 'a public feed, the same for everyone (cached on the CDN)' },
  'GET /hi/notices': { none: 'a public page, the same for everyone (cached on the CDN)' },
  'GET /hi/notices/:slug': { none: 'a public page, the same for everyone (cached on the CDN)' },
  'GET /hi/notices/archive/:month': { none: 'a public page, the same for everyone (cached on the CDN)' },
  ...Object.fromEntries(
    CONTENT_PAGES.map((path) => [`GET ${path}`, { none: 'a public page, the same for everyone (cached on the CDN)' }]),
  ),
  'GET /sitemap-pages.xml': { none: 'a public sitemap, the same for everyone (cached on the CDN)' },
  'GET /v1/api/pages/hidden': { none: 'a list the same for everyone (cached on the CDN)' },
};

/** Limits that refuse no request but hold back what it would cause, each with where it is tested. */
export const HOLDING_LIMITS: Record<string, string> = {
  RATE_LIMIT_PUBLIC_MAIL:
    "a public form's e-mails past 3 a day to one address stay in the outbox, held (tests/db/public-mail.test.ts)",
  RATE_LIMIT_PUBLIC_MOBILE:
    "a public form's WhatsApp and SMS messages past 3 a day to one mobile number stay in the outbox, held (tests/db/public-mobile.test.ts)",
};

/** A harmless value for each route parameter: a random id answers 404, which is enough to see the guard. */
const SAMPLE_PARAMS: Record<string, () => string> = {
  id: () => crypto.randomUUID(),
  paymentId: () => crypto.randomUUID(),
  key: () => '0123456789abcdef0123456789abcdef.png',
  field: () => 'studentPhoto',
  admissionNumber: () => 'ADM-1',
  receiptNumber: () => 'RMCP-R-2000-999999',
  month: () => '2026-12',
  slug: () => '2000-01-01-no-such-notice',
  n: () => '0',
  page: () => 'no-such-page',
  name: () => 'no-such-sample',
};

export interface Route {
  file: string;
  method: string;
  path: string;
}

/** The function that answers a JSON 404 for every API path no other function serves. */
const NOT_FOUND_FUNCTION = 'api-not-found.mts';

/** Every function's routes (each path with every method its config lets through), and the not-found function's excluded paths. */
export async function enumerateRoutes(): Promise<{ routes: Route[]; notFoundExcludes: string[] }> {
  const routes: Route[] = [];
  let notFoundExcludes: string[] = [];
  const files = readdirSync(FUNCTIONS_DIR)
    .filter((f) => /\.(mts|ts|mjs|js)$/.test(f))
    .sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(FUNCTIONS_DIR, file)).href)) as {
      config?: {
        path?: string | string[];
        method?: string | string[];
        schedule?: string;
        excludedPath?: string | string[];
      };
    };
    const config = mod.config;
    if (file === NOT_FOUND_FUNCTION) {
      notFoundExcludes = [config?.excludedPath ?? []].flat();
      continue;
    }
    if (!config) throw new Error(`${file} has no config export: its routes cannot be checked`);
    if (!config.path) {
      // Only scheduled functions may go without a path (they are not reachable over HTTP).
      if (!config.schedule) throw new Error(`${file} has neither a path nor a schedule`);
      continue;
    }
    const paths = Array.isArray(config.path) ? config.path : [config.path];
    const methods = config.method ? (Array.isArray(config.method) ? config.method : [config.method]) : ALL_METHODS;
    for (const path of paths) for (const method of methods) routes.push({ file, method: method.toUpperCase(), path });
  }
  return { routes, notFoundExcludes };
}

/** The route's path with a sample value in place of each parameter. */
export function concrete(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const sample = SAMPLE_PARAMS[name];
    if (!sample)
      throw new Error(
        `no sample value for the route parameter :${name} (add one to SAMPLE_PARAMS in tests/support/routes.ts)`,
      );
    return encodeURIComponent(sample());
  });
}

/** "METHOD /path/:param", the key of the tables; HEAD is GET without a body, so it shares GET's key. */
export const routeKey = (r: Route) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.path}`;

/** Runs `fn` over `items`, a few at a time (each request starts a function worker in the emulator). */
export async function eachLimited<T>(items: T[], fn: (item: T) => Promise<void>, limit = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}
