/**
 * /admin/account: the signed-in person's name, e-mail and role, Change password (current, new,
 * new again; the repeat is checked here) and the second factor (./SecondFactor.tsx). Someone who
 * signed in with a temporary password is sent here first: the screen says so, and once their own
 * password is set the office home opens. So is someone who must set up a second factor.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf } from '../../lib/api-client.ts';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast } from '../../lib/admin/navigation.ts';
import { ROLE_LABELS } from '../../lib/roles.ts';
import { FieldList, ScreenHeader } from '../../components/admin/ui.tsx';
import { useSignedIn } from '../../components/admin/session.tsx';
import { TextInput, focusFirstError } from '../../components/forms/fields.tsx';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { validatePasswordChange } from './account.ts';
import { SecondFactor } from './SecondFactor.tsx';
import '../../components/forms/forms.css';
import './accounts.css';

const EMPTY = { currentPassword: '', newPassword: '', repeatPassword: '' };
const NOT_THE_SAME = 'The two new passwords are not the same.';
const FAILED = 'Could not change the password. Please try again.';
const HOME = '/admin';

export default function MyAccount() {
  const me = useSignedIn();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const forced = me.mustChangePassword;

  const set = (name: keyof typeof EMPTY) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  function refuse(error: string, fields: Record<string, string>) {
    setErrors(fields);
    toast.error(error);
    focusFirstError(formRef.current, fields);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const { currentPassword, newPassword, repeatPassword } = values;
    const checked = validatePasswordChange({ currentPassword, newPassword });
    if (!checked.ok) return refuse(checked.error, checked.fields);
    if (repeatPassword !== newPassword) return refuse(NOT_THE_SAME, { repeatPassword: NOT_THE_SAME });
    setBusy(true);
    try {
      const res = await adminApi('/auth/password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ currentPassword, newPassword }),
      });
      const { status, body } = await answerOf(res);
      if (status !== 200) {
        setBusy(false);
        return refuse(body.error ?? FAILED, body.fields ?? {});
      }
      if (forced) {
        flashToast('success', 'Your password is set. Welcome!');
        location.assign(HOME);
        return;
      }
      setValues(EMPTY);
      setErrors({});
      setBusy(false);
      toast.success('Your password is changed. You are signed out everywhere else.');
    } catch {
      setBusy(false);
      toast.error(FAILED);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="My account" />
      {forced && (
        <div className="account-notice">
          <p>
            <strong>Choose your own password before going on.</strong>
          </p>
          <p>
            You signed in with a temporary password. Choose a new one that only you know; then the rest of the office
            pages open.
          </p>
        </div>
      )}
      <FieldList
        rows={[
          ['Name', me.name],
          ['E-mail', me.email],
          ['Role', ROLE_LABELS[me.role]],
        ]}
      />
      <h2 id={`${id}-title`} className="account-heading">
        Change password
      </h2>
      <form
        ref={formRef}
        className="account-form"
        noValidate
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
      >
        <TextInput
          id={`${id}-current`}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
          label="Current password"
          hint={forced ? 'The temporary password you signed in with.' : undefined}
        />
        <TextInput
          id={`${id}-new`}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, not a common password and not your e-mail. A few words you can remember make a good password.`}
        />
        <TextInput
          id={`${id}-repeat`}
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.repeatPassword}
          onChange={set('repeatPassword')}
          error={errors.repeatPassword}
          label="Repeat new password"
        />
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Change password'}
          </button>
        </div>
      </form>
      <SecondFactor />
    </section>
  );
}
