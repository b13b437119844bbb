/**
 * An admin form's save, done one way by every screen that saves a whole form at once:
 *
 * 1. the form's own check, when it has one (the rules the server applies): a refusal marks the
 *    fields, focuses the first and warns, and nothing is sent;
 * 2. the form's errors emptied, `setBusy(true)`, PUT (a change) or POST (a new record) with the
 *    XSRF token (`apiJson`);
 * 3. 200 or 201: the success toast, and the saved record is the result;
 * 4. a refusal (4xx, 5xx): the answer's `fields` marked and the first of them focused, its `error`
 *    (else `failed`) in an error toast;
 * 5. no answer at all (the connection): `offline` (else `failed`) in an error toast;
 * 6. `setBusy(false)` whatever happened.
 *
 * A lapsed session is a refusal like any other, said in the toast: the form keeps what was typed
 * (adminApi would leave the page for /login).
 */
import { answerOf, apiJson } from '../api-client.ts';
import { toast } from '../toast.tsx';

/** A check's verdict, as the features' `validate…` functions give it. */
type Checked = { ok: true } | { ok: false; error: string; fields: Record<string, string> };

export interface SaveForm<B> {
  /** The API path under /v1/api, e.g. `/notices/<id>`. */
  path: string;
  method: 'PUT' | 'POST';
  body: B;
  /** The form's own check of `body`, run before anything is sent. */
  check?: (body: B) => Checked;
  /** Sets the form's errors, a message per field name. */
  setErrors: (errors: Record<string, string>) => void;
  /** Focuses the box of a field (the first one refused); without it focus stays where it is. */
  focus?: (field: string) => void;
  setBusy: (busy: boolean) => void;
  /** The success toast. */
  done: string;
  /** The error toast of a refusal that has no words of its own. */
  failed: string;
  /** The error toast when no answer came; `failed` when not given. */
  offline?: string;
}

/** Saves the form as described above: the saved record, or undefined once the failure is shown. */
export async function saveForm<T, B = unknown>(form: SaveForm<B>): Promise<T | undefined> {
  const refuse = (fields: Record<string, string>) => {
    form.setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) form.focus?.(first);
  };
  const checked = form.check?.(form.body);
  if (checked && !checked.ok) {
    refuse(checked.fields);
    toast.warning(checked.error);
    return undefined;
  }
  form.setErrors({});
  form.setBusy(true);
  try {
    const { status, body } = await answerOf<T>(await apiJson(form.path, form.method, form.body));
    if (status === 200 || status === 201) {
      toast.success(form.done);
      return body as T;
    }
    if (body.fields) refuse(body.fields);
    toast.error(body.error ?? form.failed);
  } catch {
    toast.error(form.offline ?? form.failed);
  } finally {
    form.setBusy(false);
  }
  return undefined;
}
