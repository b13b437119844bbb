/**
 * Staff passwords are checked by zxcvbn-ts with the account's e-mail and the school's name as
 * words a guesser tries: common, guessable and e-mail passwords are refused wherever a password is
 * chosen. A principal's add and reset hand out a random temporary password, and the person then
 * must choose their own (POST /v1/api/auth/password): that choice is where the rule bites.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, adminClient } from '../support/api.ts';
import { site } from '../support/site.ts';
import { useApiSite } from '../support/in-process-site.ts';
import { expectJsonError, token } from '../http/admin-fixtures.ts';

useApiSite();

const COMMON =
  'This password is too common: it is on the lists people try first. Choose another; a few words you can remember make a good password.';
const GUESSABLE =
  "This password is too easy to guess (a repeated letter, a run like 12345, a keyboard row, a date, a name or the school's name). Choose another; a few words you can remember make a good password.";
const EMAIL = 'The password must not contain your e-mail address or the name in it.';
const SHORT = 'The password must have at least 10 characters.';

const changePassword = (client: ApiClient, currentPassword: string, newPassword: string) =>
  client.request('/v1/api/auth/password', { method: 'POST', json: { currentPassword, newPassword } });

/** An account the principal adds (or adds and then resets), signed in with its temporary password. */
async function newcomer(reset: boolean): Promise<{ client: ApiClient; email: string; temporary: string }> {
  const principal = await adminClient();
  const local = `kavita.${token('pw').toLowerCase()}`;
  const email = `${local}@school.test`;
  const added = await principal.request('/v1/api/admins', {
    method: 'POST',
    json: { name: 'Kavita Sharma', email, role: 'office' },
  });
  expect(added.status).toBe(201);
  const answer = await added.json();
  const { admin } = answer;
  let temporaryPassword: string = answer.temporaryPassword;
  if (reset) {
    const res = await principal.request(`/v1/api/admins/${admin._id}`, {
      method: 'PATCH',
      json: { resetPassword: true },
    });
    expect(res.status).toBe(200);
    ({ temporaryPassword } = await res.json());
  }
  const client = new ApiClient();
  await client.login(email, temporaryPassword);
  return { client, email, temporary: temporaryPassword };
}

async function expectRefused(client: ApiClient, current: string, password: string, message: string, code: string) {
  const body = await expectJsonError(await changePassword(client, current, password), 400, message);
  expect(body).toMatchObject({ fields: { newPassword: message }, code, codes: { newPassword: code } });
}

describe('staff passwords: strength', () => {
  for (const reset of [false, true]) {
    it(`after ${reset ? 'a reset' : 'an account is added'}: common, guessable and e-mail passwords are refused, with the rule's words; nothing changes`, async () => {
      const { client, email, temporary } = await newcomer(reset);
      const local = email.split('@')[0]!;
      await expectRefused(client, temporary, 'aaaaaaaaaa', GUESSABLE, 'password.guessable');
      await expectRefused(client, temporary, '1234567890', COMMON, 'password.tooCommon');
      await expectRefused(client, temporary, 'password12', COMMON, 'password.tooCommon');
      await expectRefused(client, temporary, email, EMAIL, 'password.containsEmail');
      await expectRefused(client, temporary, local, EMAIL, 'password.containsEmail');
      // The name part spelt otherwise ("Kavita.PW…" typed without its dot) is still the e-mail.
      await expectRefused(
        client,
        temporary,
        `${local.replace('.', '').toUpperCase()}!`,
        EMAIL,
        'password.containsEmail',
      );
      await expectRefused(client, temporary, 'rmcpschool2024', GUESSABLE, 'password.guessable');
      // The outside review's: the school's name, a role, a common Indian name, a mark between words.
      for (const password of ['RMCP@School2026', 'Principal@RMCP1', 'Meena@1234'])
        await expectRefused(client, temporary, password, GUESSABLE, 'password.guessable');
      // The length rule stays, and comes first.
      const short = await expectJsonError(await changePassword(client, temporary, 'abc'), 400, SHORT);
      expect(short.fields).toEqual({ newPassword: SHORT });

      // None of those was set: the temporary password still holds, and the person must still choose one.
      expect(await (await client.request('/v1/api/auth')).json()).toMatchObject({ mustChangePassword: true });
      expect(
        (await new ApiClient().request('/v1/api/auth/login', { method: 'POST', json: { email, password: temporary } }))
          .status,
      ).toBe(200);

      const done = await changePassword(client, temporary, 'mango tree by the well');
      expect(done.status, await done.clone().text()).toBe(200);
      expect(await (await client.request('/v1/api/auth')).json()).toMatchObject({ mustChangePassword: false });
    });
  }

  it("a change of one's own password later is checked the same way", async () => {
    const me = await adminClient();
    const password = site('adminPassword');
    await expectRefused(me, password, 'password12', COMMON, 'password.tooCommon');
    await expectRefused(me, password, site('adminEmail'), EMAIL, 'password.containsEmail');
    await new ApiClient().login();
  });
});
