/**
 * Staff accounts: GET/POST /v1/api/admins, PATCH /v1/api/admins/{id} (role, disabled, password
 * reset), POST /v1/api/auth/password (one's own), and what each does to live sessions. The rules
 * about the last active principal run on a site of their own, where no other test adds principals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, adminClient, staffClient } from '../support/api.ts';
import { ISO_RE, auditOf, expectJsonError, token } from '../http/admin-fixtures.ts';
import { site } from '../support/site.ts';
import { DEFAULT_LIMITS, useApiSite, useInProcessSite } from '../support/in-process-site.ts';

const INVALID = { error: 'Invalid Credentials!' };
const TEMPORARY = /^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/;
const ACCOUNT_KEYS = [
  '_id',
  'createdAt',
  'disabled',
  'email',
  'lastSignInAt',
  'mustChangePassword',
  'name',
  'role',
  'secondFactor',
];
const MESSAGES = {
  required: 'Please fill in all required fields.',
  email: 'Please enter a valid email address.',
  role: 'Choose Principal or Office staff.',
  name: 'The name can have at most 100 characters.',
  emailTaken: 'An account with this e-mail exists already.',
  currentPassword: 'The current password is not right.',
  samePassword: 'Choose a password different from the current one.',
  short: 'The password must have at least 10 characters.',
  lastPrincipal: 'The school needs at least one active principal: this change would leave none.',
  yourself: 'You cannot disable your own account.',
  ownReset: 'Change your own password under My account.',
};

interface Account {
  _id: string;
  name: string;
  email: string;
  role: 'principal' | 'office';
  disabled: boolean;
  mustChangePassword: boolean;
  secondFactor: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

const email = () => `${token('acc').toLowerCase()}@school.test`;

async function listAccounts(principal: ApiClient): Promise<Account[]> {
  const res = await principal.request('/v1/api/admins');
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function add(
  principal: ApiClient,
  body: Record<string, unknown>,
): Promise<{ admin: Account; temporaryPassword: string }> {
  const res = await principal.request('/v1/api/admins', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

const patch = (client: ApiClient, id: string, json: unknown) =>
  client.request(`/v1/api/admins/${id}`, { method: 'PATCH', json });
const changePassword = (client: ApiClient, currentPassword: string, newPassword: string) =>
  client.request('/v1/api/auth/password', { method: 'POST', json: { currentPassword, newPassword } });

async function loginAnswer(emailAddress: string, password: string, base?: string) {
  const res = await new ApiClient(base).request('/v1/api/auth/login', {
    method: 'POST',
    json: { email: emailAddress, password },
  });
  return { status: res.status, body: await res.json() };
}

async function expectCode(res: Response, status: number, code: string) {
  expect((await expectJsonError(res, status)).code).toBe(code);
}

describe('accounts API', () => {
  useApiSite();
  let principal: ApiClient;
  beforeAll(async () => {
    principal = await adminClient();
  });

  it('GET /v1/api/auth answers the role', async () => {
    expect(await (await principal.request('/v1/api/auth')).json()).toMatchObject({
      email: site('adminEmail'),
      role: 'principal',
      mustChangePassword: false,
    });
    const office = await staffClient('office');
    expect(await (await office.client.request('/v1/api/auth')).json()).toEqual({
      _id: office.account._id,
      name: office.account.name,
      email: office.email,
      role: 'office',
      mustChangePassword: false,
      secondFactor: false,
      mustSetUpSecondFactor: false,
    });
  });

  it('adds an account: 201 with the account and a temporary password, listed and audited', async () => {
    const address = email();
    const { admin, temporaryPassword } = await add(principal, {
      name: '  Asha Verma ',
      email: `  ${address.toUpperCase()} `,
      role: 'office',
    });
    expect(Object.keys(admin).sort()).toEqual(ACCOUNT_KEYS);
    expect(admin).toMatchObject({
      name: 'Asha Verma',
      email: address,
      role: 'office',
      disabled: false,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    expect(admin.createdAt).toMatch(ISO_RE);
    expect(temporaryPassword).toMatch(TEMPORARY);

    const listed = (await listAccounts(principal)).find((a) => a._id === admin._id);
    expect(listed).toEqual(admin);
    for (const account of await listAccounts(principal)) expect(Object.keys(account).sort()).toEqual(ACCOUNT_KEYS);

    const [entry] = await auditOf(principal, 'admin', admin._id);
    expect(entry).toMatchObject({
      action: 'account',
      adminEmail: site('adminEmail'),
      detail: `added ${address} as office`,
    });

    // Signing in records the time on the account.
    const before = Date.now();
    await new ApiClient().login(address, temporaryPassword);
    const signedIn = (await listAccounts(principal)).find((a) => a._id === admin._id)!;
    expect(signedIn.lastSignInAt).toMatch(ISO_RE);
    expect(Date.parse(signedIn.lastSignInAt!)).toBeGreaterThanOrEqual(before - 5000);
  });

  it('refuses a second account with the same e-mail (in any case): 409 naming the field', async () => {
    const address = email();
    await add(principal, { name: 'First', email: address, role: 'office' });
    const res = await principal.request('/v1/api/admins', {
      method: 'POST',
      json: { name: 'Second', email: address.toUpperCase(), role: 'principal' },
    });
    const body = await expectJsonError(res, 409, MESSAGES.emailTaken);
    expect(body.fields).toEqual({ email: MESSAGES.emailTaken });
    expect((await listAccounts(principal)).filter((a) => a.email === address)).toMatchObject([
      { name: 'First', role: 'office' },
    ]);
  });

  it('refuses bad input with 400 and the fields, and stores nothing', async () => {
    const address = email();
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{}, MESSAGES.required, { name: MESSAGES.required, email: MESSAGES.required, role: MESSAGES.required }],
      [{ name: 'Ravi', email: address }, MESSAGES.required, { role: MESSAGES.required }],
      [{ name: 'Ravi', email: 'not-an-email', role: 'office' }, MESSAGES.email, { email: MESSAGES.email }],
      [{ name: 'Ravi', email: address, role: 'admin' }, MESSAGES.role, { role: MESSAGES.role }],
      [{ name: 'R'.repeat(101), email: address, role: 'office' }, MESSAGES.name, { name: MESSAGES.name }],
      [{ name: 'Ravi', email: address, role: 5 }, 'Invalid field type.', { role: 'Invalid field type.' }],
    ];
    for (const [json, error, fields] of cases) {
      const res = await principal.request('/v1/api/admins', { method: 'POST', json });
      expect((await expectJsonError(res, 400, error)).fields).toEqual(fields);
    }
    const notJson = await principal.request('/v1/api/admins', {
      method: 'POST',
      body: 'name=Ravi',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
    // Other tests add accounts meanwhile: look for this test's own address.
    expect((await listAccounts(principal)).some((a) => a.email === address)).toBe(false);
  });

  it('refuses a bad change with 400 and the fields, an unknown or malformed id with 404', async () => {
    const office = await staffClient('office');
    const id = office.account._id;
    const cases: [unknown, Record<string, string> | undefined][] = [
      [{}, undefined],
      [{ role: 'admin' }, { role: MESSAGES.role }],
      [{ disabled: 'yes' }, { disabled: 'disabled must be true or false.' }],
      [{ resetPassword: false }, { resetPassword: 'resetPassword must be true.' }],
      [{ role: 'principal', disabled: 1 }, { disabled: 'disabled must be true or false.' }],
    ];
    for (const [json, fields] of cases) {
      const body = await expectJsonError(await patch(principal, id, json), 400);
      expect(body.fields).toEqual(fields);
    }
    await expectJsonError(await patch(principal, crypto.randomUUID(), { role: 'office' }), 404, 'Account not found');
    await expectJsonError(await patch(principal, 'not-an-id', { role: 'office' }), 404, 'Account not found');
    // Nothing changed: the role stayed and the session lives.
    expect((await listAccounts(principal)).find((a) => a._id === id)).toMatchObject({
      role: 'office',
      disabled: false,
    });
    expect((await office.client.request('/v1/api/auth')).status).toBe(200);
  });

  it('changes a role; the live session has the new role at once; audited', async () => {
    const office = await staffClient('office');
    await expectCode(await office.client.request('/v1/api/admins'), 403, 'principal-only');

    const res = await patch(principal, office.account._id, { role: 'principal' });
    expect(res.status).toBe(200);
    const { admin } = await res.json();
    expect(admin).toMatchObject({ _id: office.account._id, role: 'principal' });
    expect((await office.client.request('/v1/api/admins')).status).toBe(200);
    expect(await (await office.client.request('/v1/api/auth')).json()).toMatchObject({ role: 'principal' });

    expect((await patch(principal, office.account._id, { role: 'office' })).status).toBe(200);
    await expectCode(await office.client.request('/v1/api/admins'), 403, 'principal-only');
    const details = (await auditOf(principal, 'admin', office.account._id))
      .filter((e) => e.action === 'account')
      .map((e) => e.detail);
    expect(details.slice(0, 2)).toEqual([
      `${office.email}: role principal -> office`,
      `${office.email}: role office -> principal`,
    ]);
  });

  it('disabling signs the person out at once, and they cannot sign in (the same 401 as a wrong password); enabling lets them in again', async () => {
    const office = await staffClient('office');
    const second = new ApiClient();
    await second.login(office.email, office.password);

    const res = await patch(principal, office.account._id, { disabled: true });
    expect(res.status).toBe(200);
    expect((await res.json()).admin).toMatchObject({ disabled: true });
    for (const client of [office.client, second]) {
      expect((await client.request('/v1/api/auth')).status).toBe(401);
      await expectJsonError(await client.request('/v1/api/admission'), 401);
      await expectJsonError(
        await client.request('/v1/api/auth/password', {
          method: 'POST',
          json: { currentPassword: office.password, newPassword: 'another kite over the field' },
        }),
        401,
      );
    }
    expect(await loginAnswer(office.email, office.password)).toEqual({ status: 401, body: INVALID });
    expect(await loginAnswer(office.email, 'a wrong password')).toEqual({ status: 401, body: INVALID });
    expect((await listAccounts(principal)).find((a) => a._id === office.account._id)).toMatchObject({ disabled: true });

    // Disabling twice changes nothing and writes no second entry.
    expect((await patch(principal, office.account._id, { disabled: true })).status).toBe(200);

    expect((await patch(principal, office.account._id, { disabled: false })).status).toBe(200);
    expect((await loginAnswer(office.email, office.password)).status).toBe(200);
    // The old sessions stay ended.
    expect((await office.client.request('/v1/api/auth')).status).toBe(401);
    const details = (await auditOf(principal, 'admin', office.account._id))
      .filter((e) => e.action === 'account')
      .map((e) => e.detail);
    expect(details.slice(0, 2)).toEqual([`${office.email}: enabled`, `${office.email}: disabled`]);
  });

  it('a reset gives a temporary password and ends every session; with it only the password change is open, until a new one is set', async () => {
    const office = await staffClient('office');
    const res = await patch(principal, office.account._id, { resetPassword: true });
    expect(res.status).toBe(200);
    const { admin, temporaryPassword } = await res.json();
    expect(admin).toMatchObject({ mustChangePassword: true, disabled: false });
    expect(temporaryPassword).toMatch(TEMPORARY);
    expect((await office.client.request('/v1/api/auth')).status).toBe(401);
    expect(await loginAnswer(office.email, office.password)).toEqual({ status: 401, body: INVALID });

    const temp = new ApiClient();
    expect(await (await temp.login(office.email, temporaryPassword)).json()).toMatchObject({
      mustChangePassword: true,
      role: 'office',
    });
    expect(await (await temp.request('/v1/api/auth')).json()).toMatchObject({ mustChangePassword: true });
    const id = crypto.randomUUID();
    for (const [path, method] of [
      ['/v1/api/admission', 'GET'],
      ['/v1/api/enquiry', 'GET'],
      [`/v1/api/tc-request/${id}`, 'GET'],
      [`/v1/api/admission/${id}`, 'PATCH'],
      ['/v1/api/audit', 'GET'],
      ['/v1/api/admins', 'GET'],
      ['/v1/api/admission/seats', 'GET'],
    ] as const) {
      const body = await expectJsonError(
        await temp.request(path, { method, json: method === 'GET' ? undefined : { status: 'under-review' } }),
        403,
      );
      expect(body).toEqual({
        error: 'Change your temporary password before going on.',
        code: 'password-change-required',
      });
    }
    // Still refused after another sign-in with it.
    const again = new ApiClient();
    await again.login(office.email, temporaryPassword);
    await expectCode(await again.request('/v1/api/admission'), 403, 'password-change-required');

    const changed = await changePassword(temp, temporaryPassword, 'my own password 2');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ admin: { _id: office.account._id, mustChangePassword: false } });
    expect((await temp.request('/v1/api/admission')).status).toBe(200);
    expect((await again.request('/v1/api/auth')).status).toBe(401);
    expect((await listAccounts(principal)).find((a) => a._id === office.account._id)).toMatchObject({
      mustChangePassword: false,
    });

    const entries = await auditOf(principal, 'admin', office.account._id);
    expect(entries[0]).toMatchObject({ action: 'password', adminEmail: office.email, detail: 'changed own password' });
    expect(entries.find((e) => e.action === 'account')).toMatchObject({
      adminEmail: site('adminEmail'),
      detail: `${office.email}: password reset`,
    });
  });

  it("one's own password: the current one must be right, the new one long enough and different; other sessions end, this one goes on", async () => {
    const office = await staffClient('office');
    const other = new ApiClient();
    await other.login(office.email, office.password);

    const wrong = await expectJsonError(
      await changePassword(office.client, 'not my password', 'a new kite over the field'),
      400,
      MESSAGES.currentPassword,
    );
    expect(wrong.fields).toEqual({ currentPassword: MESSAGES.currentPassword });
    const short = await expectJsonError(
      await changePassword(office.client, office.password, 'short'),
      400,
      MESSAGES.short,
    );
    expect(short.fields).toEqual({ newPassword: MESSAGES.short });
    const same = await expectJsonError(
      await changePassword(office.client, office.password, office.password),
      400,
      MESSAGES.samePassword,
    );
    expect(same.fields).toEqual({ newPassword: MESSAGES.samePassword });
    const empty = await expectJsonError(
      await office.client.request('/v1/api/auth/password', { method: 'POST', json: {} }),
      400,
      MESSAGES.required,
    );
    expect(empty.fields).toEqual({ currentPassword: MESSAGES.required, newPassword: MESSAGES.required });
    await expectJsonError(
      await office.client.request('/v1/api/auth/password', {
        method: 'POST',
        json: { currentPassword: office.password, newPassword: 'a new kite over the field' },
        xsrf: false,
      }),
      403,
    );
    await expectJsonError(
      await new ApiClient().request('/v1/api/auth/password', {
        method: 'POST',
        json: { currentPassword: office.password, newPassword: 'a new kite over the field' },
      }),
      401,
    );
    // None of those changed anything.
    expect((await other.request('/v1/api/auth')).status).toBe(200);
    expect((await loginAnswer(office.email, office.password)).status).toBe(200);

    const done = await changePassword(office.client, office.password, 'a new kite over the field');
    expect(done.status).toBe(200);
    expect((await office.client.request('/v1/api/admission')).status).toBe(200);
    expect((await other.request('/v1/api/auth')).status).toBe(401);
    expect(await loginAnswer(office.email, office.password)).toEqual({ status: 401, body: INVALID });
    expect((await loginAnswer(office.email, 'a new kite over the field')).status).toBe(200);
    expect((await auditOf(principal, 'admin', office.account._id))[0]).toMatchObject({
      action: 'password',
      adminEmail: office.email,
    });
  });

  it('office staff cannot list, add or change accounts', async () => {
    const office = await staffClient('office');
    await expectCode(await office.client.request('/v1/api/admins'), 403, 'principal-only');
    await expectCode(
      await office.client.request('/v1/api/admins', {
        method: 'POST',
        json: { name: 'Sneaky', email: email(), role: 'principal' },
      }),
      403,
      'principal-only',
    );
    await expectCode(await patch(office.client, office.account._id, { role: 'principal' }), 403, 'principal-only');
    expect(await (await office.client.request('/v1/api/auth')).json()).toMatchObject({ role: 'office' });
  });
});

describe('the last active principal (a site of its own)', () => {
  const FIRST = 'head@principal.test';
  const FIRST_PASSWORD = 'a banyan tree by the gate';
  // A site of its own after the one above has stopped, so no other test's principals are there.
  const runtime = useInProcessSite({ ...DEFAULT_LIMITS, ADMIN_EMAIL: FIRST, ADMIN_PASSWORD: FIRST_PASSWORD });
  let first: ApiClient;

  beforeAll(async () => {
    first = new ApiClient(runtime().url);
    await first.login(FIRST, FIRST_PASSWORD);
  });

  /** A second principal, added by the first, with its own password set. */
  async function secondPrincipal(): Promise<{ client: ApiClient; id: string; email: string }> {
    const res = await first.request('/v1/api/admins', {
      method: 'POST',
      json: { name: 'Deputy', email: email(), role: 'principal' },
    });
    const { admin, temporaryPassword } = await res.json();
    const client = new ApiClient(runtime().url);
    await client.login(admin.email, temporaryPassword);
    expect((await changePassword(client, temporaryPassword, 'a deputy by the mango gate')).status).toBe(200);
    return { client, id: admin._id, email: admin.email };
  }

  const activePrincipals = async (client: ApiClient) =>
    ((await (await client.request('/v1/api/admins')).json()).data as Account[]).filter(
      (a) => a.role === 'principal' && !a.disabled,
    );

  it('the only principal can neither demote nor disable themselves, nor reset their own password here', async () => {
    const me = (await (await first.request('/v1/api/auth')).json())._id as string;
    await expectJsonError(await patch(first, me, { role: 'office' }), 409, MESSAGES.lastPrincipal);
    await expectJsonError(await patch(first, me, { disabled: true }), 409, MESSAGES.yourself);
    // The id in capitals is the same account.
    await expectJsonError(await patch(first, me.toUpperCase(), { disabled: true }), 409, MESSAGES.yourself);
    await expectJsonError(await patch(first, me, { resetPassword: true }), 409, MESSAGES.ownReset);
    expect(await activePrincipals(first)).toMatchObject([{ _id: me }]);
    expect(await (await first.request('/v1/api/auth')).json()).toMatchObject({ role: 'principal' });
  });

  it('with a second principal one may step down; then the other is the last, and a disabled principal does not count', async () => {
    const me = (await (await first.request('/v1/api/auth')).json())._id as string;
    const deputy = await secondPrincipal();
    // Disabling the deputy leaves the first as the only active principal.
    expect((await patch(first, deputy.id, { disabled: true })).status).toBe(200);
    await expectJsonError(await patch(first, me, { role: 'office' }), 409, MESSAGES.lastPrincipal);
    expect((await patch(first, deputy.id, { disabled: false })).status).toBe(200);
    // Disabling ended the deputy's session.
    await deputy.client.login(deputy.email, 'a deputy by the mango gate');

    expect((await patch(first, me, { role: 'office' })).status).toBe(200);
    await expectCode(await first.request('/v1/api/admins'), 403, 'principal-only');
    await expectJsonError(await patch(deputy.client, deputy.id, { role: 'office' }), 409, MESSAGES.lastPrincipal);
    expect((await patch(deputy.client, me, { role: 'principal' })).status).toBe(200);
    expect((await first.request('/v1/api/admins')).status).toBe(200);
  });

  it('two principals demoting each other at once: one change wins, one principal stays', async () => {
    const deputy = await secondPrincipal();
    const me = (await (await first.request('/v1/api/auth')).json())._id as string;
    // Leave exactly these two active principals.
    for (const p of await activePrincipals(first))
      if (p._id !== me && p._id !== deputy.id) expect((await patch(first, p._id, { disabled: true })).status).toBe(200);
    const answers = await Promise.all([
      patch(first, deputy.id, { role: 'office' }),
      patch(deputy.client, me, { role: 'office' }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The other is refused: as the last principal (409), or because its caller is no longer one (403).
    expect([403, 409]).toContain(statuses[1]);
    const winner = answers[0]!.status === 200 ? first : deputy.client;
    expect(await activePrincipals(winner)).toHaveLength(1);
  });
});
