/**
 * The administrator login: e-mail and password, both required (browser
 * checks), "Login successful" then the office's dashboard (/admin: staff sign in to work, not to
 * read the home page), or "Invalid Credentials!" for any failure. Someone signing in with a
 * temporary password goes to /admin/account instead, where they choose their own.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { apiJson } from '../../lib/api-client.ts';
import type { SignedIn } from '../../lib/roles.ts';
import './login.css';

/** Time for the success toast to be read before the dashboard loads. */
const REDIRECT_DELAY_MS = 900;

export default function LoginForm() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // The button works once the script runs: a click before that must not submit the form natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    // Read from the form, not from state: what was typed (or autofilled) before the island hydrated counts too.
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    try {
      const res = await apiJson('/auth/login', 'POST', { email, password });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      const who = (await res.json().catch(() => ({}))) as Partial<SignedIn>;
      toast.success('Login successful');
      setTimeout(() => location.assign(who.mustChangePassword ? '/admin/account' : '/admin'), REDIRECT_DELAY_MS);
    } catch {
      toast.error('Invalid Credentials!');
      setBusy(false);
    }
  }

  return (
    <div className="login">
      <Toasts />
      <form className="login__card" method="post" onSubmit={submit} aria-labelledby={`${id}-heading`}>
        <h1 id={`${id}-heading`}>Login</h1>
        <div className="login__field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" name="email" autoComplete="username" placeholder="Enter your email" required />
        </div>
        <div className="login__field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input id={`${id}-password`} type="password" name="password" autoComplete="current-password" placeholder="Enter your password" required />
        </div>
        <button type="submit" className="login__button" disabled={busy || !ready} aria-busy={busy}>Login</button>
      </form>
    </div>
  );
}
