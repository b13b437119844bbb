/**
 * The administrator login: e-mail and password, both required (browser
 * checks), "Login successful" then the office's dashboard (/admin: staff sign in to work, not to
 * read the home page), or "Invalid Credentials!" for a wrong password. An account with a second
 * factor is then asked for the code of its authenticator app (or a recovery code) on the same card,
 * and signed in only once that is right. Too many tries say how long to wait. Someone signing in
 * with a temporary password, or who must set up a second factor, goes to /admin/account instead.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import type { SignedIn } from '../../lib/roles.ts';
import './login.css';

/** Time for the success toast to be read before the dashboard loads. */
const REDIRECT_DELAY_MS = 900;
const INVALID = 'Invalid Credentials!';
const WRONG_CODE = 'The code is not right. Enter the code your app shows now, or a recovery code you have not used.';

/** What a 429 says: how long to wait, from its Retry-After. */
function waitMessage(res: Response): string {
  const seconds = Number(res.headers.get('retry-after'));
  if (!Number.isFinite(seconds) || seconds <= 0) return 'Too many tries. Please wait a few minutes and try again.';
  if (seconds < 60) return `Too many tries. Please wait ${Math.ceil(seconds)} seconds and try again.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many tries. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}

export default function LoginForm() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // After a right password for an account with a second factor: the code is asked next.
  const [codeStep, setCodeStep] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  // The button works once the script runs: a click before that must not submit the form natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (codeStep) codeRef.current?.focus();
  }, [codeStep]);

  function signedIn(who: Partial<SignedIn>) {
    toast.success('Login successful');
    const home = who.mustChangePassword || who.mustSetUpSecondFactor ? '/admin/account' : '/admin';
    setTimeout(() => location.assign(home), REDIRECT_DELAY_MS);
  }

  async function send(path: string, body: Record<string, string>, wrong: string): Promise<void> {
    try {
      const res = await apiJson(path, 'POST', body);
      const answer = await answerOf<SignedIn & { codeRequired: boolean }>(res);
      if (res.status === 200 && answer.body.codeRequired === true) {
        setCodeStep(true);
        setBusy(false);
        return;
      }
      if (res.status === 200) return signedIn(answer.body);
      if (res.status === 429) toast.error(waitMessage(res));
      else if (answer.body.code === 'sign-in.restart') {
        toast.error(answer.body.error ?? INVALID);
        setCodeStep(false);
      } else toast.error(wrong);
    } catch {
      toast.error(wrong);
    }
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    // Read from the form, not from state: what was typed (or autofilled) before the island hydrated counts too.
    const form = new FormData(event.currentTarget as HTMLFormElement);
    if (codeStep) return send('/auth/login/code', { code: String(form.get('code') ?? '') }, WRONG_CODE);
    return send(
      '/auth/login',
      { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') },
      INVALID,
    );
  }

  return (
    <div className="login">
      <Toasts />
      <form className="login__card" method="post" onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h1 id={`${id}-heading`}>Login</h1>
        {/* The e-mail and password stay in the form, hidden, while the code is asked: a restart needs them again. */}
        <div className="login__field" hidden={codeStep}>
          <label htmlFor={`${id}-email`}>Email</label>
          {/* `email`, not `username`: HTML_CodeSniffer (pa11y, WCAG 1.3.5) refuses `username` on an e-mail input; password managers still take the field before the password as the account. */}
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            placeholder="Enter your email"
            required={!codeStep}
          />
        </div>
        <div className="login__field" hidden={codeStep}>
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            name="password"
            autoComplete="current-password"
            placeholder="Enter your password"
            required={!codeStep}
          />
        </div>
        {codeStep && (
          <div className="login__field">
            <label htmlFor={`${id}-code`}>Code from your authenticator app</label>
            <p id={`${id}-code-hint`} className="login__hint">
              Open the app on your phone and type the 6 digits it shows for this school. Lost your phone? Type one of
              your recovery codes.
            </p>
            <input
              ref={codeRef}
              id={`${id}-code`}
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              maxLength={24}
              aria-describedby={`${id}-code-hint`}
              placeholder="123456"
            />
          </div>
        )}
        <button type="submit" className="login__button" disabled={busy || !ready} aria-busy={busy}>
          {codeStep ? 'Verify' : 'Login'}
        </button>
      </form>
    </div>
  );
}
