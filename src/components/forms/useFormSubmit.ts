/**
 * The one submit flow of the public forms: check with the form's shared schema (errors on the
 * fields, focus on the first, a toast), then send once per submission key (kept with the draft
 * until it succeeds, so a retry after a lost answer is recognised), with a loading toast that turns
 * into the outcome. Typed text is kept as a draft until the form is sent. Messages show in the
 * page's words: a refusal by its code (the form's check's, or the server's `code` and `codes`).
 * What was typed before the island hydrated is taken in (early-input.ts).
 */
import { useRef, useState, type RefObject, type SubmitEvent } from 'react';
import type { Failure, Result } from '../../lib/forms/validate.ts';
import { HONEYPOT_FIELD, SUBMISSION_KEY_FIELD, newSubmissionKey } from '../../lib/forms/honeypot.ts';
import { answerOf } from '../../lib/api-client.ts';
import { toast, TOAST_AUTO_CLOSE, type ToastOptions } from '../../lib/toast.tsx';
import { speaker, type Speaker } from '../../lib/forms/island-texts.ts';
import { focusFirstError } from './fields.tsx';
import { useDraft } from './useDraft.ts';
import { typedBeforeHydration, useHydrated } from './early-input.ts';

/** What sending came to. */
export type Outcome<A> =
  | { kind: 'sent'; answer: A }
  /** The server refused the input: its message and the fields it names, with their codes. */
  | {
      kind: 'refused';
      error?: string;
      code?: string;
      fields?: Record<string, string>;
      codes?: Record<string, string>;
      values?: Record<string, string>;
    }
  /** Not sent for a reason the parent should know, which is no failure (e.g. the TC limit). */
  | { kind: 'warning'; message: string }
  /** Failed with a message of its own instead of the form's failure message. */
  | { kind: 'failed'; message: string };

type Values<V> = V & { _key: string };

export interface FormSubmit<V extends Record<string, string>, D, A> {
  /** The draft's name in the browser's storage. */
  draft: string;
  empty: () => V;
  check: (values: V) => Result<D>;
  /** Why the form cannot be sent yet (e.g. documents still uploading), shown as a warning. */
  blocked?: () => string | undefined;
  /** The toast kind of a failed check. */
  checkToast: (failure: Failure) => 'warning' | 'error';
  /** In the page's words. */
  messages: { loading?: string; success: string; failure: string };
  /** The page's words for refusals (English when absent). */
  speak?: Speaker;
  send: (data: D, meta: { key: string; honeypot: string }) => Promise<Outcome<A>>;
  /** Whether the fields empty after success (otherwise they stay, and the next submit is a new one). */
  clearAfterSuccess: boolean;
  /** Called with the server's answer and the data that was sent. */
  onSuccess?: (answer: A, sent: D) => void;
}

const CLOSABLE: ToastOptions = { autoClose: TOAST_AUTO_CLOSE, closeButton: true };

const ENGLISH = speaker();

export function useFormSubmit<V extends Record<string, string>, D, A>(options: FormSubmit<V, D, A>) {
  const speak = options.speak ?? ENGLISH;
  const emptyValues = (): Values<V> => ({ ...options.empty(), _key: '' });
  const formRef: RefObject<HTMLFormElement | null> = useRef<HTMLFormElement>(null);
  const typed = () => typedBeforeHydration(formRef.current, emptyValues()) as Partial<Values<V>>;
  const { values, setValues, setField, clearDraft, wasRestored } = useDraft<Values<V>>(
    options.draft,
    emptyValues,
    typed,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const hydrated = useHydrated();

  const clearError = (name: string) =>
    setErrors((current) =>
      name in current ? Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)) : current,
    );

  // A form changed after a send is a new submission: the server refuses other details under a used key.
  function change(name: keyof V & string, value: string) {
    setField(name, value);
    if (values._key) setField('_key', '');
    clearError(name);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    const reason = options.blocked?.();
    if (reason) {
      toast.warning(reason);
      return;
    }
    const { _key, ...typed } = values;
    const checked = options.check(typed as unknown as V);
    if (!checked.ok) {
      const error = speak.say(checked.code, checked.error);
      setErrors(speak.sayAll(checked.fields, checked.codes));
      setFormError(error);
      toast[options.checkToast(checked)](error);
      focusFirstError(formRef.current, checked.fields);
      return;
    }
    setErrors({});
    const key = _key || newSubmissionKey();
    if (!_key) setField('_key', key);
    setBusy(true);
    const notice = options.messages.loading === undefined ? undefined : toast.loading(options.messages.loading);
    const show = (type: 'success' | 'error' | 'warning', message: string) => {
      if (notice === undefined) toast[type](message, CLOSABLE);
      else if (type === 'warning') {
        toast.dismiss(notice);
        toast.warning(message);
      } else toast.update(notice, { render: message, type, isLoading: false, ...CLOSABLE });
    };
    try {
      const outcome = await options.send(checked.data, { key, honeypot });
      if (outcome.kind === 'sent') {
        show('success', options.messages.success);
        clearDraft();
        if (options.clearAfterSuccess) setValues(emptyValues());
        else setField('_key', '');
        options.onSuccess?.(outcome.answer, checked.data);
      } else if (outcome.kind === 'warning') {
        show('warning', outcome.message);
      } else if (outcome.kind === 'failed') {
        show('error', outcome.message);
      } else {
        if (outcome.code === 'request.keyReused') setField('_key', '');
        if (outcome.error) setFormError(speak.say(outcome.code, outcome.error, outcome.values));
        if (outcome.fields) {
          setErrors(speak.sayAll(outcome.fields, outcome.codes));
          // The server names every problem field, as the form's own check does: the parent lands on the first.
          focusFirstError(formRef.current, outcome.fields);
        }
        throw new Error(`refused: ${outcome.error ?? ''}`);
      }
    } catch (error) {
      console.error(`${options.draft}: submission failed`, error);
      show('error', options.messages.failure);
    } finally {
      setBusy(false);
    }
  }

  /** "Clear this form": the fields back to their defaults, the draft removed. */
  function clear() {
    clearDraft();
    setValues(emptyValues());
    setErrors({});
    setFormError('');
  }

  // canSend: the submit button's state, off while sending and before the island hydrated.
  return {
    values: values as Values<V>,
    change,
    setValues,
    errors,
    clearError,
    formError,
    busy,
    canSend: hydrated && !busy,
    honeypot,
    setHoneypot,
    wasRestored,
    submit,
    clear,
    formRef,
  };
}

/** A form POST's answer as an outcome: `created` (201) is sent, anything else refused. */
export async function outcomeOf<A>(res: Response): Promise<Outcome<A>> {
  const { status, body } = await answerOf<A>(res);
  if (status === 201) return { kind: 'sent', answer: body as A };
  // A limit's refusal says in how many minutes to try again.
  const minutes = (body as { retryAfterMinutes?: unknown }).retryAfterMinutes;
  return {
    kind: 'refused',
    error: body.error,
    code: body.code,
    fields: body.fields,
    codes: body.codes,
    ...(typeof minutes === 'number' ? { values: { minutes: String(minutes) } } : {}),
  };
}

/** The fields every submission carries besides the form's own: its key, and the honeypot when a bot filled it. */
export const submissionFields = ({ key, honeypot }: { key: string; honeypot: string }): Record<string, string> => ({
  [SUBMISSION_KEY_FIELD]: key,
  ...(honeypot ? { [HONEYPOT_FIELD]: honeypot } : {}),
});
