/**
 * /admin/accounts: the staff accounts (principal). A table of every account with its role, state,
 * second factor and last sign-in, and per account Make principal / Make office staff, Disable /
 * Enable, Reset password and Reset second factor, each asked first; whether every account must
 * have a second factor; an Add account form. A new account's or a reset's temporary password is
 * shown once. Office staff are told that only the principal manages accounts.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf } from '../../lib/api-client.ts';
import { adminApi, getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { ROLES, ROLE_LABELS, type Role } from '../../lib/roles.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { useSignedIn } from '../../components/admin/session.tsx';
import { Select, TextInput, focusFirstError } from '../../components/forms/fields.tsx';
import { validateNewAccount, type Account } from './account.ts';
import { TemporaryPassword, type Shown } from './TemporaryPassword.tsx';
import '../../components/forms/forms.css';
import './accounts.css';

const sendJson = (path: string, method: string, body: unknown) =>
  adminApi(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

export default function AccountsScreen() {
  const me = useSignedIn();
  if (me.role !== 'principal') {
    return (
      <section aria-labelledby="screen-title">
        <ScreenHeader title="Staff accounts" />
        <p className="admin-state">
          Only the principal manages staff accounts: adding people, changing their role, disabling an account and
          resetting a password. Please ask the principal. You can change your own password under{' '}
          <a href="/admin/account">My account</a>.
        </p>
      </section>
    );
  }
  return <Accounts me={me._id} />;
}

type Change = 'role' | 'disable' | 'enable' | 'reset' | 'second-factor';
interface Pending {
  change: Change;
  account: Account;
}

const otherRole = (role: Role): Role => (role === 'principal' ? 'office' : 'principal');
const roleButton = (role: Role) => (role === 'principal' ? 'Make office staff' : 'Make principal');

/** The question asked before each change, and its confirm button. */
function question({ change, account }: Pending): { message: string; confirm: string } {
  const name = account.name;
  switch (change) {
    case 'role':
      return account.role === 'office'
        ? {
            message: `Make ${name} a principal? A principal can also delete records, manage staff accounts and change seats.`,
            confirm: 'Make principal',
          }
        : {
            message: `Make ${name} office staff? They keep the daily work but can no longer delete records, manage accounts or change seats.`,
            confirm: 'Make office staff',
          };
    case 'disable':
      return {
        message: `Disable ${name}'s account? This signs ${name} out at once, and they cannot sign in until the account is enabled again.`,
        confirm: 'Disable',
      };
    case 'enable':
      return { message: `Enable ${name}'s account? They can sign in again with their password.`, confirm: 'Enable' };
    case 'reset':
      return {
        message: `Reset ${name}'s password? This signs ${name} out at once and gives a new temporary password for you to hand over.`,
        confirm: 'Reset password',
      };
    case 'second-factor':
      return {
        message: `Reset ${name}'s second factor? Do this only when ${name} has lost the phone and the recovery codes. It signs ${name} out at once; they then sign in with their password and set up the app again.`,
        confirm: 'Reset second factor',
      };
  }
}

const BODY: Record<Change, (a: Account) => Record<string, unknown>> = {
  role: (a) => ({ role: otherRole(a.role) }),
  disable: () => ({ disabled: true }),
  enable: () => ({ disabled: false }),
  reset: () => ({ resetPassword: true }),
  'second-factor': () => ({ resetSecondFactor: true }),
};
const DONE: Record<Change, (a: Account) => string> = {
  role: (a) => `${a.name} is now ${ROLE_LABELS[a.role].toLowerCase()}.`,
  disable: (a) => `${a.name}'s account is disabled.`,
  enable: (a) => `${a.name}'s account is enabled.`,
  reset: (a) => `${a.name}'s password is reset.`,
  'second-factor': (a) => `${a.name}'s second factor is reset.`,
};
const FAILED: Record<Change, string> = {
  role: 'Could not change the role. Please try again.',
  disable: 'Could not disable the account. Please try again.',
  enable: 'Could not enable the account. Please try again.',
  reset: 'Could not reset the password. Please try again.',
  'second-factor': 'Could not reset the second factor. Please try again.',
};

function Accounts({ me }: { me: string }) {
  const list = useLoad(
    () => getJson<{ data: Account[]; secondFactorRequired: boolean }>('/admins'),
    [],
    () => toast.error('Could not load the accounts.'),
  );
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState<string>();
  const [shown, setShown] = useState<Shown>();

  async function apply(p: Pending) {
    setPending(undefined);
    setBusy(p.account._id);
    try {
      const res = await sendJson(`/admins/${encodeURIComponent(p.account._id)}`, 'PATCH', BODY[p.change](p.account));
      const { status, body } = await answerOf<{ admin: Account; temporaryPassword: string }>(res);
      if (status !== 200 || !body.admin) {
        // The server's own reason when it refuses (the last principal, one's own account).
        toast.error(body.error ?? FAILED[p.change]);
        return;
      }
      toast.success(DONE[p.change](body.admin));
      if (body.temporaryPassword)
        setShown({ name: body.admin.name, email: body.admin.email, password: body.temporaryPassword, reset: true });
      // A principal who made themselves office staff no longer manages accounts: the page shows that.
      if (p.account._id === me && body.admin.role !== 'principal') location.reload();
      else list.reload();
    } catch {
      toast.error(FAILED[p.change]);
    } finally {
      setBusy(undefined);
    }
  }

  const asked = pending && question(pending);
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Staff accounts" />
      <AccountsTable
        accounts={list.data?.data}
        loading={list.loading}
        failed={list.failed}
        me={me}
        busy={busy}
        onChange={(change, account) => setPending({ change, account })}
      />
      {list.data && <RequireSecondFactor required={list.data.secondFactorRequired} onChanged={list.reload} />}
      <AddAccount
        onAdded={(account, password) => {
          setShown({ name: account.name, email: account.email, password, reset: false });
          list.reload();
        }}
      />
      <ConfirmDialog
        open={!!pending}
        message={asked?.message ?? ''}
        confirmLabel={asked?.confirm}
        onConfirm={() => pending && apply(pending)}
        onCancel={() => setPending(undefined)}
      />
      <TemporaryPassword shown={shown} onClose={() => setShown(undefined)} />
    </section>
  );
}

interface TableProps {
  accounts: Account[] | undefined;
  loading: boolean;
  failed: boolean;
  me: string;
  busy: string | undefined;
  onChange: (change: Change, account: Account) => void;
}

const HEADERS = ['Name', 'E-mail', 'Role', 'State', 'Second factor', 'Last sign-in', 'Actions'];

function stateOf(a: Account): string {
  if (a.disabled) return 'Disabled';
  return a.mustChangePassword ? 'Active (temporary password)' : 'Active';
}

function AccountsTable({ accounts, loading, failed, me, busy, onChange }: TableProps) {
  return (
    <div className="table-wrap">
      <table className="admin-table" aria-busy={loading}>
        <caption className="visually-hidden">Staff accounts</caption>
        <thead>
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {!accounts?.length ? (
            <tr>
              <td colSpan={HEADERS.length} className="admin-table__state">
                {loading ? 'Loading...' : failed ? 'Could not load the accounts.' : 'No accounts.'}
              </td>
            </tr>
          ) : (
            accounts.map((a) => {
              const self = a._id === me;
              const off = busy === a._id;
              return (
                <tr key={a._id} className={a.disabled ? 'account--disabled' : undefined}>
                  <td data-label="Name">
                    {a.name}
                    {self && ' (you)'}
                  </td>
                  <td data-label="E-mail" className="cell-wrap">
                    {a.email}
                  </td>
                  <td data-label="Role">{ROLE_LABELS[a.role]}</td>
                  <td data-label="State">{stateOf(a)}</td>
                  <td data-label="Second factor">{a.secondFactor ? 'On' : 'Off'}</td>
                  <td data-label="Last sign-in">{a.lastSignInAt ? formatDateTime(a.lastSignInAt) : 'Never'}</td>
                  <td data-label="Actions">
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        disabled={off}
                        aria-label={`${roleButton(a.role)}: ${a.name}`}
                        onClick={() => onChange('role', a)}
                      >
                        {roleButton(a.role)}
                      </button>
                      {/* One's own account is neither disabled nor reset here: My account changes one's password. */}
                      {!self && (
                        <>
                          <button
                            type="button"
                            className="btn btn--small"
                            disabled={off}
                            aria-label={`${a.disabled ? 'Enable' : 'Disable'}: ${a.name}`}
                            onClick={() => onChange(a.disabled ? 'enable' : 'disable', a)}
                          >
                            {a.disabled ? 'Enable' : 'Disable'}
                          </button>
                          <button
                            type="button"
                            className="btn btn--small"
                            disabled={off}
                            aria-label={`Reset password: ${a.name}`}
                            onClick={() => onChange('reset', a)}
                          >
                            Reset password
                          </button>
                          {a.secondFactor && (
                            <button
                              type="button"
                              className="btn btn--small"
                              disabled={off}
                              aria-label={`Reset second factor: ${a.name}`}
                              onClick={() => onChange('second-factor', a)}
                            >
                              Reset second factor
                            </button>
                          )}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Whether every account must have a second factor: asked first, as it changes everyone's next
 * sign-in. The server refuses it to a principal without one of their own, and says so.
 */
function RequireSecondFactor({ required, onChanged }: { required: boolean; onChanged: () => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function apply() {
    setAsking(false);
    setBusy(true);
    try {
      const { status, body } = await answerOf(await sendJson('/admins/second-factor', 'PUT', { required: !required }));
      if (status !== 200) return void toast.error(body.error ?? 'Could not change the setting. Please try again.');
      toast.success(required ? 'A second factor is no longer required.' : 'Every account now needs a second factor.');
      onChanged();
    } catch {
      toast.error('Could not change the setting. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="accounts-add" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Second factor for every account</h2>
      <p>
        {required
          ? 'Required: every account signs in with a code from an authenticator app as well as the password. An account without one is sent to set it up at its next sign-in.'
          : 'Not required: each person may turn on a second factor under My account.'}
      </p>
      <div className="admin-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => setAsking(true)}>
          {required ? 'Stop requiring it' : 'Require a second factor'}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        message={
          required
            ? 'Stop requiring a second factor? Accounts that have one keep it; others sign in with their password alone.'
            : 'Require a second factor for every account? Everyone without one is sent to set it up at their next page, before anything else works.'
        }
        confirmLabel={required ? 'Stop requiring it' : 'Require it'}
        onConfirm={apply}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, text: ROLE_LABELS[r] }));
const EMPTY = { name: '', email: '', role: 'office' };

function AddAccount({ onAdded }: { onAdded: (account: Account, password: string) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
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
    const checked = validateNewAccount(values);
    if (!checked.ok) return refuse(checked.error, checked.fields);
    setBusy(true);
    try {
      const { status, body } = await answerOf<{ admin: Account; temporaryPassword: string }>(
        await sendJson('/admins', 'POST', values),
      );
      if (status === 201 && body.admin && body.temporaryPassword) {
        setValues(EMPTY);
        setErrors({});
        toast.success(`Account added for ${body.admin.name}.`);
        onAdded(body.admin, body.temporaryPassword);
      } else {
        refuse(body.error ?? 'Could not add the account. Please try again.', body.fields ?? {});
      }
    } catch {
      toast.error('Could not add the account. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="accounts-add" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add an account</h2>
      <p className="hint">
        The new person gets a temporary password, shown to you once, and chooses their own when they first sign in.
      </p>
      <form ref={formRef} className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
        <TextInput
          id={`${id}-name`}
          name="name"
          label="Name"
          required
          autoComplete="off"
          maxLength={100}
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextInput
          id={`${id}-email`}
          name="email"
          label="E-mail"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Select
          id={`${id}-role`}
          name="role"
          label="Role"
          required
          value={values.role}
          onChange={set('role')}
          error={errors.role}
          options={ROLE_OPTIONS}
          placeholder="Choose a role"
          hint="Office staff do the daily work; a principal can also delete records, manage accounts and change seats."
        />
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Adding...' : 'Add account'}
          </button>
        </div>
      </form>
    </section>
  );
}
