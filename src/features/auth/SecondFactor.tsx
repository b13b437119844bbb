/**
 * My account's "Second factor": whether sign-in asks for a code from an authenticator app, and the
 * ways to change that. Setting up shows a QR code (and its key to type in) for the app, then asks
 * for the app's first code; the recovery codes follow, once. When it is on: new recovery codes, or
 * turning it off, each with the current password. While the school requires one and the account
 * has none, the screen says so, and the office pages open once it is set up.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf } from '../../lib/api-client.ts';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast } from '../../lib/admin/navigation.ts';
import { useSignedIn } from '../../components/admin/session.tsx';
import { TextInput, focusFirstError } from '../../components/forms/fields.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';

interface Setup {
  secret: string;
  qr: string;
}

const FAILED = 'Could not change the second factor. Please try again.';
const HOME = '/admin';

const send = (path: string, method: string, body: unknown = {}) =>
  adminApi(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The key in groups of four, as authenticator apps show it, for typing in by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function SecondFactor() {
  const me = useSignedIn();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [on, setOn] = useState(me.secondFactor);
  const [setup, setSetup] = useState<Setup>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[]>();
  const forced = me.mustSetUpSecondFactor;

  function refuse(error: string, fields: Record<string, string>) {
    setErrors(fields);
    toast.error(error);
    focusFirstError(formRef.current, fields);
  }

  async function call<T>(
    path: string,
    method: string,
    body?: unknown,
  ): Promise<{ status: number; body: Partial<T> & { error?: string; fields?: Record<string, string> } } | undefined> {
    setBusy(true);
    try {
      return await answerOf<T>(await send(path, method, body));
    } catch {
      toast.error(FAILED);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const answer = await call<Setup>('/auth/second-factor/setup', 'POST');
    if (!answer) return;
    if (answer.status !== 200 || !answer.body.secret || !answer.body.qr)
      return void toast.error(answer.body.error ?? FAILED);
    setSetup({ secret: answer.body.secret, qr: answer.body.qr });
    setCode('');
    setErrors({});
  }

  async function confirm(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const answer = await call<{ recoveryCodes: string[] }>('/auth/second-factor', 'POST', { code });
    if (!answer) return;
    if (answer.status !== 200 || !answer.body.recoveryCodes)
      return refuse(answer.body.error ?? FAILED, answer.body.fields ?? {});
    setOn(true);
    setSetup(undefined);
    setCodes(answer.body.recoveryCodes);
    toast.success('Your second factor is on. Sign-in will ask for a code from your app.');
  }

  async function withPassword(action: 'renew' | 'off') {
    if (busy) return;
    const answer =
      action === 'renew'
        ? await call<{ recoveryCodes: string[] }>('/auth/second-factor/recovery-codes', 'POST', { password })
        : await call('/auth/second-factor', 'DELETE', { password });
    if (!answer) return;
    if (answer.status !== 200) return refuse(answer.body.error ?? FAILED, answer.body.fields ?? {});
    setPassword('');
    setErrors({});
    if (action === 'renew') return setCodes((answer.body as { recoveryCodes?: string[] }).recoveryCodes);
    setOn(false);
    toast.success('Your second factor is off. Sign-in asks for your password only.');
  }

  function codesSaved() {
    setCodes(undefined);
    if (forced) {
      flashToast('success', 'Your second factor is set up. Welcome!');
      location.assign(HOME);
    }
  }

  return (
    <section className="second-factor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-heading">
        Second factor
      </h2>
      {forced && !on && (
        <div className="account-notice">
          <p>
            <strong>Set up a second factor before going on.</strong>
          </p>
          <p>
            The school asks every account for a code from an authenticator app at sign-in, as well as the password. Then
            the rest of the office pages open.
          </p>
        </div>
      )}
      {on ? (
        <>
          <p>On: after your password, sign-in asks for the 6-digit code your authenticator app shows.</p>
          <form
            ref={formRef}
            className="account-form"
            noValidate
            aria-busy={busy}
            onSubmit={(e) => {
              e.preventDefault();
              void withPassword('renew');
            }}
          >
            <TextInput
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              error={errors.password}
              onChange={(v) => {
                setPassword(v);
                setErrors({});
              }}
              label="Current password"
              hint="Needed to get new recovery codes or to turn the second factor off."
            />
            <div className="admin-actions">
              <button type="submit" className="btn" disabled={busy}>
                New recovery codes
              </button>
              <button type="button" className="btn" disabled={busy} onClick={() => withPassword('off')}>
                Turn off
              </button>
            </div>
          </form>
        </>
      ) : setup ? (
        <form ref={formRef} className="account-form" noValidate aria-busy={busy} onSubmit={confirm}>
          <ol className="second-factor__steps">
            <li>
              Install an authenticator app on your phone if you have none (Google Authenticator, Microsoft Authenticator
              or any other).
            </li>
            <li>
              In the app, add an account and scan this QR code:
              <img
                className="second-factor__qr"
                src={setup.qr}
                width={240}
                height={240}
                alt="QR code for your authenticator app"
              />
              Cannot scan? Choose to type a key instead and type this one:{' '}
              <code className="second-factor__key" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </code>
            </li>
            <li>Type the 6-digit code the app now shows for this school.</li>
          </ol>
          <TextInput
            id={`${id}-code`}
            name="code"
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={12}
            value={code}
            error={errors.code}
            onChange={(v) => {
              setCode(v);
              setErrors({});
            }}
          />
          <div className="admin-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Checking...' : 'Turn on'}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => setSetup(undefined)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            Off: sign-in asks for your password only. With a second factor, sign-in also asks for a code from an app on
            your phone, so a guessed or stolen password alone is not enough.
          </p>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary" disabled={busy || me.mustChangePassword} onClick={start}>
              Set up a second factor
            </button>
          </div>
          {me.mustChangePassword && <p className="hint">Choose your own password first.</p>}
        </>
      )}
      <RecoveryCodes codes={codes} onClose={codesSaved} />
    </section>
  );
}
