/**
 * Who may call what, over every guarded route and method the functions' own `config` exports name
 * (tests/support/routes.ts): signed out 401; a disabled account's old session 401; a temporary
 * password 403 `password-change-required` (but for changing it); office staff 403 `principal-only`
 * on exactly the principal's routes and never 401/403 elsewhere; a principal never 401/403.
 * Every guarded route must be in one of the two tables below, so a new route cannot go unclassified.
 * Inputs are harmless (random ids, empty bodies): a 404 or 400 is fine, the point is the guard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient, type Staff } from '../support/api.ts';
import {
  PUBLIC,
  SAFE,
  concrete,
  eachLimited,
  enumerateRoutes,
  kindRoutes,
  routeKey,
  type Route,
} from '../support/routes.ts';
import { useApiSite } from '../support/in-process-site.ts';

useApiSite();

/** Routes only a principal may call, each with why. */
const PRINCIPAL_ONLY: Record<string, string> = {
  // Every kind's (tests/support/routes.ts, from src/features/kinds.ts).
  ...kindRoutes().principalOnly,
  'POST /v1/api/jobs': 'publishes a vacancy on the public site',
  'PUT /v1/api/jobs/:id': 'changes a vacancy on the public site',
  'DELETE /v1/api/jobs/:id': 'office staff never delete records',
  'GET /v1/api/admins': 'account management: who has an account',
  'POST /v1/api/admins': 'account management: adds an account',
  'PATCH /v1/api/admins/:id': 'account management: role, disabling, password reset, second factor reset',
  'PUT /v1/api/admins/second-factor': 'account management: whether every account must have a second factor',
  'GET /v1/api/seats': 'the capacities as the principal sets them (staff read GET /v1/api/admission/seats)',
  'PUT /v1/api/seats': "seat changes are the principal's",
  'PUT /v1/api/admission/letter-settings':
    "the admission letter's reporting date, originals and words are the principal's",
  'PUT /v1/api/register/series': "the admission and TC number series are the principal's",
  'PUT /v1/api/fees': "the fees are the principal's to set",
  'PUT /v1/api/fees/structure': "the fee structure is the principal's to set",
  'POST /v1/api/fees/structure/copy': "copying the fee structure to the next session is the principal's",
  'GET /v1/api/audit': 'the audit log is for the principal to read',
  'GET /v1/api/audit/export.csv': 'the audit log is for the principal to read',
  'POST /v1/api/admission/:id/consent-withdrawn': "recording a withdrawal of consent is the principal's",
  // The school's own facts and its CBSE disclosure.
  'PUT /v1/api/school': "the school's profile, printed on every receipt and acknowledgment, is the principal's",
  'POST /v1/api/tc-request/:id/issue':
    "issuing a TC from the register, for the principal's signature, is the principal's",
  'PUT /v1/api/disclosure': "the Mandatory Public Disclosure is the principal's",
  'PUT /v1/api/disclosure/documents/:key': "the Mandatory Public Disclosure is the principal's",
  'DELETE /v1/api/disclosure/documents/:key': "the Mandatory Public Disclosure is the principal's",
};

/** Routes every signed-in member of staff may call, each with what it is for. */
const STAFF: Record<string, string> = {
  ...kindRoutes().staff,
  'POST /v1/api/files': 'uploading a file for a notice, a document or a TC scan, which its record then claims',
  'POST /v1/api/register/import': 'bringing the paper register in (the preview, then the import)',
  'GET /v1/api/register/export.xlsx': 'exporting the register as a workbook',
  'GET /v1/api/admission/seats': 'the seat summary on the admissions panel',
  'GET /v1/api/admission/letter-settings': "the admission letter's settings, which the office reads",
  'POST /v1/api/register': 'adding a pupil to the register by hand',
  'GET /v1/api/register/series': 'the number series, which the register screens show',
  'POST /v1/api/register/promote': "promoting a class at the session's start",
  'GET /v1/api/register/class-list': "a class list's PDF",
  'GET /v1/api/admission/:id/files/:field': "opening an applicant's document",
  'PATCH /v1/api/admission/:id/documents/:field': 'verifying or rejecting a document',
  'GET /v1/api/dashboard': 'the office home screen',
  'GET /v1/api/dashboard/go-live': 'the go-live checklist on the office home screen',
  'POST /v1/api/auth/password': "one's own password",
  'POST /v1/api/auth/second-factor/setup': "setting up one's own second factor",
  'POST /v1/api/auth/second-factor': "turning one's own second factor on with the app's first code",
  'DELETE /v1/api/auth/second-factor': "turning one's own second factor off (with the password)",
  'POST /v1/api/auth/second-factor/recovery-codes': "one's own new recovery codes (with the password)",
  'GET /v1/api/receipts/:receiptNumber': 'a receipt to print',
  'GET /v1/api/payments/online': 'the online payments the gateway reported, and the mismatches to look at',
  'POST /v1/api/payments/reconcile':
    "asking the gateway now about open orders' payments (the scheduled job does it every 15 minutes)",
  'GET /v1/api/messages': 'the messages to parents and their state',
  'GET /v1/api/opt-outs': 'the numbers that stopped WhatsApp and SMS messages',
  'PATCH /v1/api/messages/:id': 'marking a WhatsApp message sent by hand',
  'POST /v1/api/events': 'the office keeps the school calendar',
  'PUT /v1/api/events/:id': 'the office keeps the school calendar',
  'DELETE /v1/api/events/:id': 'the office keeps the school calendar (an event is content, not a record)',
  'GET /v1/api/tc-request/:id/certificate': "opening an issued TC's scan",
  'POST /v1/api/tc-request/:id/certificate': "attaching the signed TC's scan for verification",
  'GET /v1/api/notices/all': 'the notices screen: every notice, scheduled and expired too',
  'POST /v1/api/notices': 'posting a notice (the office posts notices)',
  'POST /v1/api/notices/preview': "seeing a notice's formatting before posting it",
  'PUT /v1/api/notices/:id': 'changing a notice',
  'DELETE /v1/api/notices/:id': 'taking a notice down',
  'POST /v1/api/gallery': "adding a photo to the gallery (the school's pictures are the office's to keep)",
  'PUT /v1/api/gallery/:id': 'changing a gallery photo',
  'DELETE /v1/api/gallery/:id': "taking a photo off the gallery (a picture, not a family's record)",
  'DELETE /v1/api/gallery/samples/:name': 'taking a sample photo off the gallery',
  'GET /v1/api/pictures': "the school's pictures, for the page editor",
  'POST /v1/api/pictures': 'putting a phone photo on a page',
  'DELETE /v1/api/pictures/:id': 'deleting an uploaded picture',
  'GET /v1/api/pages': "the site's content pages, for the pages screen",
  'PUT /v1/api/pages': "changing a content page (the office keeps the site's pages)",
  'GET /v1/api/fees/structure': 'the fee structure, which the office reads to answer families',
  'POST /v1/api/press': 'adding a press article',
  'PUT /v1/api/press/:id': 'changing a press article',
  'DELETE /v1/api/press/:id': 'deleting a press article',
  'POST /v1/api/magazine': 'adding a magazine issue',
  'PUT /v1/api/magazine/:id': 'changing a magazine issue',
  'DELETE /v1/api/magazine/:id': 'deleting a magazine issue',
};

/** The one call a temporary password allows: replacing it. */
const BEFORE_PASSWORD_CHANGE = new Set(['POST /v1/api/auth/password']);

const SLOW = 300_000;

interface Answer {
  route: Route;
  status: number;
  code?: string;
}

/** Every route and method called by `client` (an empty JSON body for a state change), with the status and any error code. */
async function callAll(client: ApiClient, routes: Route[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  await eachLimited(routes, async (route) => {
    const res = await client.request(concrete(route.path), {
      method: route.method,
      headers: { 'content-type': 'application/json' },
      body: SAFE.has(route.method) ? undefined : '{}',
    });
    const text = await res.text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      /* not JSON (a document, an image): no code */
    }
    answers.push({ route, status: res.status, code });
  });
  return answers;
}

const describeAnswer = (a: Answer) =>
  `${routeKey(a.route)} (${a.route.file}) answers ${a.status}${a.code ? ` ${a.code}` : ''}`;

/** The routes a function serves and guards: not public, and not a method its path does not take (405). */
let guarded: Route[] = [];
let signedOut: Answer[] = [];

beforeAll(async () => {
  const { routes } = await enumerateRoutes();
  const candidates = routes.filter((r) => !(routeKey(r) in PUBLIC));
  const answers = await callAll(new ApiClient(), candidates);
  signedOut = answers.filter((a) => a.status !== 405);
  guarded = signedOut.map((a) => a.route);
}, SLOW);

describe('role matrix over every guarded route', () => {
  it('classifies every guarded route as principal-only or staff, once, and names no route that does not exist', () => {
    const problems: string[] = [];
    const keys = new Set(guarded.map(routeKey));
    for (const route of guarded) {
      const key = routeKey(route);
      const inPrincipal = key in PRINCIPAL_ONLY;
      const inStaff = key in STAFF;
      if (!inPrincipal && !inStaff)
        problems.push(
          `${key} (${route.file}) is not classified: add it to PRINCIPAL_ONLY or STAFF in tests/http/role-matrix.test.ts`,
        );
      if (inPrincipal && inStaff) problems.push(`${key} is in both PRINCIPAL_ONLY and STAFF`);
    }
    for (const key of [...Object.keys(PRINCIPAL_ONLY), ...Object.keys(STAFF)]) {
      if (!keys.has(key))
        problems.push(`${key} is classified but no function serves it (or it is public): remove it from the table`);
    }
    expect(problems).toEqual([]);
    expect(guarded.length).toBe(Object.keys(PRINCIPAL_ONLY).length + Object.keys(STAFF).length);
  });

  it('signed out: 401 on every guarded route', () => {
    expect(signedOut.filter((a) => a.status !== 401).map(describeAnswer)).toEqual([]);
    expect(signedOut.length).toBeGreaterThanOrEqual(25);
  });

  it(
    "a disabled account's old session: 401 on every guarded route",
    async () => {
      for (const role of ['office', 'principal'] as const) {
        const staff = await staffClient(role);
        const principal = await adminClient();
        expect(
          (
            await principal.request(`/v1/api/admins/${staff.account._id}`, {
              method: 'PATCH',
              json: { disabled: true },
            })
          ).status,
        ).toBe(200);
        const answers = await callAll(staff.client, guarded);
        expect(answers.filter((a) => a.status !== 401).map(describeAnswer), role).toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'a temporary password: 403 password-change-required on every guarded route but the password change',
    async () => {
      const principal = await adminClient();
      const email = `temporary.${Date.now().toString(36)}@school.test`;
      const added = await principal.request('/v1/api/admins', {
        method: 'POST',
        json: { name: 'Temporary Tara', email, role: 'principal' },
      });
      const { temporaryPassword } = await added.json();
      const client = new ApiClient();
      await client.login(email, temporaryPassword);
      const answers = await callAll(client, guarded);
      const problems = answers.filter((a) =>
        BEFORE_PASSWORD_CHANGE.has(routeKey(a.route))
          ? a.status === 401 || a.status === 403
          : a.status !== 403 || a.code !== 'password-change-required',
      );
      expect(problems.map(describeAnswer)).toEqual([]);
    },
    SLOW,
  );

  it(
    'office staff: 403 principal-only on exactly the principal-only routes, and never 401 or 403 elsewhere',
    async () => {
      const office: Staff = await staffClient('office');
      const answers = await callAll(office.client, guarded);
      const problems = answers.filter((a) =>
        routeKey(a.route) in PRINCIPAL_ONLY
          ? a.status !== 403 || a.code !== 'principal-only'
          : a.status === 401 || a.status === 403,
      );
      expect(problems.map(describeAnswer)).toEqual([]);
      // The session outlived every refusal.
      expect((await office.client.request('/v1/api/auth')).status).toBe(200);
    },
    SLOW,
  );

  it(
    'a principal: never 401 or 403',
    async () => {
      const principal = await staffClient('principal');
      const answers = await callAll(principal.client, guarded);
      expect(answers.filter((a) => a.status === 401 || a.status === 403).map(describeAnswer)).toEqual([]);
      expect((await principal.client.request('/v1/api/auth')).status).toBe(200);
    },
    SLOW,
  );
});
