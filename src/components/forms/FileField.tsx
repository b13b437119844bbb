/**
 * One document of an admission form: chosen, checked (2 MB, pdf/jpg/jpeg/png), then uploaded at
 * once with a progress bar; a failed upload is retried twice by itself, then offers a Retry
 * button. A JPEG or PNG photo over 2 MB or 2000 px is first made smaller in the browser, and the
 * field says by how much. Only the staged upload's id goes with the final submit.
 */
import { useEffect, useRef } from 'react';
import { DOCUMENT_PHOTO, FILE_ACCEPT, checkChosenFile, isPhotoDocument } from '../../lib/forms/files.ts';
import { MSG, formCode, type FormMessage } from '../../lib/forms/messages.ts';
import { speaker, type Speaker } from '../../lib/forms/words.ts';
import { downscaleImage } from '../../lib/downscale-image.ts';
import { formatBytes } from '../../lib/format.ts';
import { uploadFile, UploadError, type Uploaded } from './upload.ts';

/** `original`: the size of the photo chosen, when what is sent is a smaller copy of it. */
export type UploadState =
  | { status: 'empty' }
  | { status: 'preparing'; name: string }
  | { status: 'uploading'; name: string; progress: number; original?: number }
  | { status: 'done'; upload: Uploaded; original?: number }
  /** `message`: English; `code`: its code, for the page's own words. */
  | { status: 'failed'; name: string; message: string; code?: string; retryable: boolean };

interface Props {
  id: string;
  field: string;
  label: string;
  required?: boolean;
  state: UploadState;
  onState: (state: UploadState) => void;
  /** A message from the form's checks (e.g. 'Please upload Aadhar files.'), in the page's words. */
  error?: string;
  /** The page's words (English when absent). */
  speak?: Speaker;
}

const AUTO_RETRIES = 2;
const RETRY_DELAYS_MS = [2000, 5000];

const ENGLISH = speaker();

export function FileField({ id, field, label, required, state, onState, error, speak = ENGLISH }: Props) {
  const input = useRef<HTMLInputElement>(null);
  /** What is (or will be) uploaded: the chosen file, or its smaller copy. */
  const file = useRef<File | null>(null);
  const original = useRef<number | undefined>(undefined);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => {
    // A file chosen before the island hydrated (early-input.ts) is checked and uploaded now.
    const early = input.current?.files?.[0];
    if (early) void choose(early);
    return () => abort.current?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The form was cleared (early-years form after success): forget the chosen file too.
  const lastStatus = useRef(state.status);
  useEffect(() => {
    if (state.status === 'empty' && lastStatus.current !== 'empty' && input.current) input.current.value = '';
    lastStatus.current = state.status;
  }, [state.status]);

  function start(chosen: File, tries = 0) {
    abort.current?.();
    const from = original.current;
    onState({ status: 'uploading', name: chosen.name, progress: 0, original: from });
    const job = uploadFile(chosen, (progress) => onState({ status: 'uploading', name: chosen.name, progress, original: from }));
    abort.current = job.abort;
    job.done.then(
      (upload) => {
        if (file.current !== chosen) return;
        abort.current = null;
        onState({ status: 'done', upload, original: from });
      },
      (e: unknown) => {
        if (file.current !== chosen) return;
        abort.current = null;
        const err = e instanceof UploadError ? e : new UploadError(String(e), true);
        if (err.message === 'aborted') return;
        if (err.retryable && tries < AUTO_RETRIES) {
          onState({ status: 'uploading', name: chosen.name, progress: 0, original: from });
          setTimeout(() => file.current === chosen && start(chosen, tries + 1), RETRY_DELAYS_MS[tries]);
          return;
        }
        onState({ status: 'failed', name: chosen.name, message: err.message, code: err.code, retryable: err.retryable });
      },
    );
  }

  /** Not kept: the input is emptied and the message shown. */
  function refuse(chosen: File, key: FormMessage) {
    file.current = null;
    original.current = undefined;
    if (input.current) input.current.value = '';
    onState({ status: 'failed', name: chosen.name, message: MSG[key], code: formCode(key), retryable: false });
  }

  async function choose(chosen: File | undefined) {
    abort.current?.();
    file.current = chosen ?? null;
    original.current = undefined;
    if (!chosen) {
      onState({ status: 'empty' });
      return;
    }
    let upload = chosen;
    if (isPhotoDocument(chosen)) {
      onState({ status: 'preparing', name: chosen.name });
      try {
        upload = await downscaleImage(chosen, DOCUMENT_PHOTO);
      } catch {
        if (file.current === chosen) refuse(chosen, 'photoUnreadable');
        return;
      }
      // Another file was chosen meanwhile.
      if (file.current !== chosen) return;
      if (upload !== chosen) {
        file.current = upload;
        original.current = chosen.size;
      }
    }
    const problem = checkChosenFile(upload);
    if (problem) {
      refuse(chosen, problem);
      return;
    }
    start(upload);
  }

  const message = state.status === 'failed' ? speak.say(state.code, state.message) : state.status === 'empty' || state.status === 'preparing' || state.status === 'uploading' ? error : undefined;
  const describedBy = [`${id}-help`, message ? `${id}-error` : '', state.status !== 'empty' ? `${id}-status` : ''].filter(Boolean).join(' ');

  return (
    <div className={`ff-field ff-file${message ? ' ff-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="ff-required" aria-hidden="true"> *</span>}
      </label>
      <p className="ff-hint" id={`${id}-help`}>{speak.text('fileHint')}</p>
      <input
        ref={input} id={id} type="file" data-field={field} accept={FILE_ACCEPT} aria-required={required || undefined}
        aria-invalid={message ? true : undefined} aria-describedby={describedBy}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {state.status === 'preparing' && (
        <p className="ff-upload" id={`${id}-status`} aria-live="polite">{speak.text('filePreparing', { name: state.name })}</p>
      )}
      {state.status === 'uploading' && (
        <div className="ff-upload" id={`${id}-status`}>
          <progress max={1} value={state.progress} aria-label={speak.text('fileUploadingLabel', { label })} />
          <span aria-live="polite">{speak.text('fileUploading', { name: state.name, percent: String(Math.round(state.progress * 100)) })}</span>
        </div>
      )}
      {state.status === 'done' && (
        <p className="ff-upload ff-upload--done" id={`${id}-status`} aria-live="polite">
          <span aria-hidden="true">✓ </span>{speak.text('fileUploaded', { name: state.upload.name })}{' '}
          {state.original === undefined ? (
            `(${formatBytes(state.upload.size)})`
          ) : (
            <span className="ff-shrunk">
              ({speak.text('filePhoto', { size: formatBytes(state.original) })}<span aria-hidden="true"> → </span>
              <span className="visually-hidden"> {speak.text('fileMadeSmaller')} </span>
              {formatBytes(state.upload.size)})
            </span>
          )}
        </p>
      )}
      {message && <p className="ff-error" id={`${id}-error`} role={state.status === 'failed' ? 'alert' : undefined}>{message}</p>}
      {state.status === 'failed' && state.retryable && file.current && (
        <button type="button" className="ff-button ff-button--secondary" id={`${id}-status`} onClick={() => file.current && start(file.current)}>
          {speak.text('fileRetry')}
        </button>
      )}
    </div>
  );
}
