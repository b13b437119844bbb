/**
 * One document of an admission form: chosen, checked (10 MB, pdf/jpg/jpeg/png, an image at least
 * 200 px on its shorter side), then uploaded at once with a progress bar (a file over 1 MB in pieces,
 * resumed after a dropped connection: upload.ts); a failed upload is retried twice by itself (each
 * try resumes the pieces already sent), then offers a Retry button. A JPEG or PNG photo over 2 MB or 2000 px is first
 * made smaller in the browser (unless the copy would not be smaller), and the field says what was
 * sent. Only the staged upload's id goes with the final submit. With `keep` (the form's draft name),
 * what is sent is kept on the phone and comes back after a reload (document-store.ts).
 *
 * The file input is ours in the page's language: the browser's own "Choose File" / "No file
 * chosen" never shows. The input itself stays focusable (visually hidden, named by the field's label
 * and the button's words); the button is its second label, so a tap opens the phone's file picker
 * and, from the keyboard, Space or Enter on the focused input does, with the focus ring on the button.
 */
import { useEffect, useRef } from 'react';
import { DOCUMENT_PHOTO, FILE_ACCEPT, checkChosenFile, isPhotoDocument } from '../../lib/forms/files.ts';
import { isTooSmall, photoSize } from '../../lib/forms/image-size.ts';
import { FORM_TEXTS, formCode, type FormKey } from '../../lib/forms/texts.ts';
import { speaker, type Speaker } from '../../lib/forms/island-texts.ts';
import { prepareImage } from '../../lib/downscale-image.ts';
import { formatBytes } from '../../lib/format.ts';
import { uploadFile, UploadError, type Uploaded } from './upload.ts';
import { forgetDocument, keepDocument, noteUpload, restoredDocument } from './document-store.ts';

/**
 * `original`: the size of the photo chosen, when what is sent is a smaller copy of it; `asIs`: a
 * photo sent as chosen because a redrawn copy would not have been smaller.
 */
export type UploadState =
  | { status: 'empty' }
  | { status: 'preparing'; name: string }
  | { status: 'uploading'; name: string; progress: number; original?: number; asIs?: boolean }
  | { status: 'done'; upload: Uploaded; original?: number; asIs?: boolean }
  /** `message`: English; `code`: its code, for the page's own words. */
  | {
      status: 'failed';
      name: string;
      message: string;
      code?: string;
      values?: Record<string, string>;
      retryable: boolean;
    };

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
  /** The form's draft name: the document is kept on the phone with the draft under it. */
  keep?: string;
}

const AUTO_RETRIES = 2;
const RETRY_DELAYS_MS = [2000, 5000];

const ENGLISH = speaker();

/** A photo field's button says "photo" (the student's, father's and mother's photos). */
const isPhotoField = (field: string) => field.endsWith('Photo');

export function FileField({ id, field, label, required, state, onState, error, speak = ENGLISH, keep }: Props) {
  const input = useRef<HTMLInputElement>(null);
  /** What is (or will be) uploaded: the chosen file, or its smaller copy. */
  const file = useRef<File | null>(null);
  const original = useRef<number | undefined>(undefined);
  const asIs = useRef(false);
  const abort = useRef<(() => void) | null>(null);
  /** The copy being written to the phone: the upload's id is noted after it. */
  const keeping = useRef<Promise<void>>(Promise.resolve());
  /** The file last chosen: one chosen as the island hydrates reaches both the mount and the change event. */
  const chosenLast = useRef<File | null>(null);

  useEffect(() => {
    // A file chosen before the island hydrated (early-input.ts) is checked and uploaded now; else
    // the one kept on the phone, if any, comes back.
    const early = input.current?.files?.[0];
    if (early) void choose(early);
    else if (keep) void restore(keep);
    return () => abort.current?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The form was cleared (after success, or "Clear this form"): forget the chosen file too.
  const lastStatus = useRef(state.status);
  useEffect(() => {
    if (state.status === 'empty' && lastStatus.current !== 'empty') {
      abort.current?.();
      abort.current = null;
      file.current = null;
      chosenLast.current = null;
      original.current = undefined;
      asIs.current = false;
      if (input.current) input.current.value = '';
    }
    lastStatus.current = state.status;
  }, [state.status]);

  /** The document kept on the phone: its upload when the server still holds it, else sent again. */
  async function restore(draft: string) {
    const found = await restoredDocument(draft, field);
    if (!found || file.current || input.current?.files?.length) return;
    const { doc, held } = found;
    const restored = new File([doc.bytes], doc.name, { type: doc.type });
    file.current = restored;
    original.current = doc.original;
    asIs.current = doc.asIs ?? false;
    if (held && doc.upload) onState({ status: 'done', upload: doc.upload, original: doc.original, asIs: doc.asIs });
    else start(restored);
  }

  function start(chosen: File, tries = 0) {
    abort.current?.();
    const from = original.current;
    const same = asIs.current || undefined;
    onState({ status: 'uploading', name: chosen.name, progress: 0, original: from, asIs: same });
    const job = uploadFile(chosen, (progress) =>
      onState({ status: 'uploading', name: chosen.name, progress, original: from, asIs: same }),
    );
    abort.current = job.abort;
    job.done.then(
      (upload) => {
        if (file.current !== chosen) return;
        abort.current = null;
        if (keep) void keeping.current.then(() => noteUpload(keep, field, chosen.size, upload));
        onState({ status: 'done', upload, original: from, asIs: same });
      },
      (e: unknown) => {
        if (file.current !== chosen) return;
        abort.current = null;
        const err = e instanceof UploadError ? e : new UploadError(String(e), true);
        if (err.message === 'aborted') return;
        if (err.retryable && tries < AUTO_RETRIES) {
          onState({ status: 'uploading', name: chosen.name, progress: 0, original: from, asIs: same });
          setTimeout(() => file.current === chosen && start(chosen, tries + 1), RETRY_DELAYS_MS[tries]);
          return;
        }
        // Refused by the server (e.g. not really a PDF): nothing worth keeping for a reload.
        if (!err.retryable && keep) void forgetDocument(keep, field);
        onState({
          status: 'failed',
          name: chosen.name,
          message: err.message,
          code: err.code,
          values: err.values,
          retryable: err.retryable,
        });
      },
    );
  }

  /** Not kept: the input is emptied and the message shown. */
  function refuse(chosen: File, key: FormKey) {
    file.current = null;
    chosenLast.current = null;
    original.current = undefined;
    asIs.current = false;
    if (input.current) input.current.value = '';
    if (keep) void forgetDocument(keep, field);
    onState({ status: 'failed', name: chosen.name, message: FORM_TEXTS[key], code: formCode(key), retryable: false });
  }

  async function choose(chosen: File | undefined) {
    if (chosen && chosen === chosenLast.current) return;
    chosenLast.current = chosen ?? null;
    abort.current?.();
    file.current = chosen ?? null;
    original.current = undefined;
    asIs.current = false;
    if (!chosen) {
      if (keep) void forgetDocument(keep, field);
      onState({ status: 'empty' });
      return;
    }
    let upload = chosen;
    let bytes: ArrayBuffer | undefined;
    if (isPhotoDocument(chosen)) {
      onState({ status: 'preparing', name: chosen.name });
      try {
        const prepared = await prepareImage(chosen, DOCUMENT_PHOTO);
        upload = prepared.file;
        asIs.current = !prepared.redrawn && prepared.redrawTried;
        if (!checkChosenFile(prepared.file)) bytes = await prepared.file.arrayBuffer();
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
    // The same rule as the server's, on the same bytes: an image too small to read is refused here.
    const size = bytes && photoSize(new Uint8Array(bytes));
    if (size && isTooSmall(size)) {
      refuse(chosen, 'imageTooSmall');
      return;
    }
    if (keep) {
      const sending = upload;
      const doc = {
        name: sending.name,
        type: sending.type,
        original: original.current,
        asIs: asIs.current || undefined,
      };
      keeping.current = (async () => {
        const data = bytes ?? (await sending.arrayBuffer());
        if (file.current === sending) await keepDocument(keep, field, { ...doc, bytes: data });
      })();
    }
    start(upload);
  }

  const message =
    state.status === 'failed'
      ? speak.say(state.code, state.message, state.values)
      : state.status === 'empty' || state.status === 'preparing' || state.status === 'uploading'
        ? error
        : undefined;
  const describedBy = [
    `${id}-help`,
    message ? `${id}-error` : '',
    state.status !== 'empty' ? `${id}-status` : `${id}-none`,
  ]
    .filter(Boolean)
    .join(' ');
  const photo = isPhotoField(field);
  // "Choose another" once a file is held (a refused one is not).
  const holds = state.status !== 'empty' && !(state.status === 'failed' && !state.retryable);
  const button = speak.text(
    holds ? (photo ? 'fileChoosePhotoAgain' : 'fileChooseAgain') : photo ? 'fileChoosePhoto' : 'fileChoose',
  );

  return (
    <div className={`ff-field ff-file${message ? ' ff-field--error' : ''}`}>
      <label htmlFor={id} id={`${id}-label`}>
        {label}
        {required && (
          <span className="ff-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <p className="ff-hint" id={`${id}-help`}>
        {speak.text('fileHint')}
      </p>
      <div className="ff-file-pick">
        <input
          ref={input}
          id={id}
          type="file"
          className="ff-file-input"
          data-field={field}
          accept={FILE_ACCEPT}
          aria-required={required || undefined}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {/* A second label of the input: a tap on it opens the file picker. Read aloud as part of the input's name
            (aria-labelledby); HTML forbids aria-hidden on a label of a control. */}
        <label htmlFor={id} id={`${id}-button`} className="ff-file-button">
          {button}
        </label>
        {state.status === 'empty' && (
          <span className="ff-file-none" id={`${id}-none`}>
            {speak.text('fileNone')}
          </span>
        )}
      </div>
      {state.status === 'preparing' && (
        <p className="ff-upload" id={`${id}-status`} aria-live="polite">
          {speak.text('filePreparing', { name: state.name })}
        </p>
      )}
      {state.status === 'uploading' && (
        <div className="ff-upload" id={`${id}-status`}>
          <progress max={1} value={state.progress} aria-label={speak.text('fileUploadingLabel', { label })} />
          <span aria-live="polite">
            {speak.text('fileUploading', { name: state.name, percent: String(Math.round(state.progress * 100)) })}
          </span>
        </div>
      )}
      {state.status === 'done' && (
        <p className="ff-upload ff-upload--done" id={`${id}-status`} aria-live="polite">
          <span aria-hidden="true">✓ </span>
          {speak.text('fileUploaded', { name: state.upload.name })}{' '}
          {state.asIs ? (
            `(${speak.text('filePhotoAsIs', { size: formatBytes(state.upload.size) })})`
          ) : state.original === undefined ? (
            `(${formatBytes(state.upload.size)})`
          ) : (
            <span className="ff-shrunk">
              ({speak.text('filePhoto', { size: formatBytes(state.original) })}
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> {speak.text('fileMadeSmaller')} </span>
              {formatBytes(state.upload.size)})
            </span>
          )}
        </p>
      )}
      {message && (
        <p className="ff-error" id={`${id}-error`} role={state.status === 'failed' ? 'alert' : undefined}>
          {message}
        </p>
      )}
      {state.status === 'failed' && state.retryable && file.current && (
        <button
          type="button"
          className="ff-button ff-button--secondary"
          id={`${id}-status`}
          onClick={() => file.current && start(file.current)}
        >
          {speak.text('fileRetry')}
        </button>
      )}
    </div>
  );
}
