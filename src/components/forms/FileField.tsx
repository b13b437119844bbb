/**
 * One document of an admission form: chosen, checked (2 MB, pdf/jpg/jpeg/png), then uploaded at
 * once with a progress bar; a failed upload is retried twice by itself, then offers a Retry
 * button. Only the staged upload's id goes with the final submit.
 */
import { useEffect, useRef } from 'react';
import { FILE_ACCEPT, checkChosenFile } from '../../lib/forms/files.ts';
import { formatBytes } from '../../lib/format.ts';
import { uploadFile, UploadError, type Uploaded } from './upload.ts';

export type UploadState =
  | { status: 'empty' }
  | { status: 'uploading'; name: string; progress: number }
  | { status: 'done'; upload: Uploaded }
  | { status: 'failed'; name: string; message: string; retryable: boolean };

interface Props {
  id: string;
  field: string;
  label: string;
  required?: boolean;
  state: UploadState;
  onState: (state: UploadState) => void;
  /** A message from the form's checks (e.g. 'Please upload Aadhar files.'). */
  error?: string;
}

const AUTO_RETRIES = 2;
const RETRY_DELAYS_MS = [2000, 5000];

export function FileField({ id, field, label, required, state, onState, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const file = useRef<File | null>(null);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => () => abort.current?.(), []);
  // The form was cleared (early-years form after success): forget the chosen file too.
  useEffect(() => {
    if (state.status === 'empty' && input.current) input.current.value = '';
  }, [state.status]);

  function start(chosen: File, tries = 0) {
    abort.current?.();
    onState({ status: 'uploading', name: chosen.name, progress: 0 });
    const job = uploadFile(chosen, (progress) => onState({ status: 'uploading', name: chosen.name, progress }));
    abort.current = job.abort;
    job.done.then(
      (upload) => {
        if (file.current !== chosen) return;
        abort.current = null;
        onState({ status: 'done', upload });
      },
      (e: unknown) => {
        if (file.current !== chosen) return;
        abort.current = null;
        const err = e instanceof UploadError ? e : new UploadError(String(e), true);
        if (err.message === 'aborted') return;
        if (err.retryable && tries < AUTO_RETRIES) {
          onState({ status: 'uploading', name: chosen.name, progress: 0 });
          setTimeout(() => file.current === chosen && start(chosen, tries + 1), RETRY_DELAYS_MS[tries]);
          return;
        }
        onState({ status: 'failed', name: chosen.name, message: err.message, retryable: err.retryable });
      },
    );
  }

  function choose(chosen: File | undefined) {
    abort.current?.();
    file.current = chosen ?? null;
    if (!chosen) {
      onState({ status: 'empty' });
      return;
    }
    const problem = checkChosenFile(chosen);
    if (problem) {
      // Not kept: the input is emptied and the message shown.
      file.current = null;
      if (input.current) input.current.value = '';
      onState({ status: 'failed', name: chosen.name, message: problem, retryable: false });
      return;
    }
    start(chosen);
  }

  const message = state.status === 'failed' ? state.message : state.status === 'empty' || state.status === 'uploading' ? error : undefined;
  const describedBy = [`${id}-help`, message ? `${id}-error` : '', state.status !== 'empty' ? `${id}-status` : ''].filter(Boolean).join(' ');

  return (
    <div className={`ff-field ff-file${message ? ' ff-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="ff-required" aria-hidden="true"> *</span>}
      </label>
      <p className="ff-hint" id={`${id}-help`}>PDF, JPG or PNG, up to 2 MB.</p>
      <input
        ref={input} id={id} type="file" data-field={field} accept={FILE_ACCEPT} aria-required={required || undefined}
        aria-invalid={message ? true : undefined} aria-describedby={describedBy}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {state.status === 'uploading' && (
        <div className="ff-upload" id={`${id}-status`}>
          <progress max={1} value={state.progress} aria-label={`Uploading ${label}`} />
          <span aria-live="polite">Uploading {state.name}: {Math.round(state.progress * 100)}%</span>
        </div>
      )}
      {state.status === 'done' && (
        <p className="ff-upload ff-upload--done" id={`${id}-status`} aria-live="polite">
          <span aria-hidden="true">✓ </span>Uploaded {state.upload.name} ({formatBytes(state.upload.size)})
        </p>
      )}
      {message && <p className="ff-error" id={`${id}-error`} role={state.status === 'failed' ? 'alert' : undefined}>{message}</p>}
      {state.status === 'failed' && state.retryable && file.current && (
        <button type="button" className="ff-button ff-button--secondary" id={`${id}-status`} onClick={() => file.current && start(file.current)}>
          Retry upload
        </button>
      )}
    </div>
  );
}
