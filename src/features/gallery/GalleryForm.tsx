/**
 * The gallery form of New Item and the edit screen: title, description and an image with preview.
 * A file of 6 MB or more is refused here; a large photo is resized before upload (no request over 4 MB).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { toast } from '../../lib/toast.tsx';
import { GALLERY_FALLBACK_IMAGE, IMAGE_ACCEPT, galleryProblem, imageProblem } from './gallery.ts';
import { downscaleImage, type DownscaleOptions } from '../../lib/downscale-image.ts';
import { isTooSmall, photoSize } from '../../lib/forms/image-size.ts';
import { FORM_TEXTS } from '../../lib/forms/texts.ts';

export interface GalleryValues {
  title: string;
  description: string;
}

interface Props {
  mode: 'create' | 'edit';
  initial: GalleryValues;
  /** The stored image (edit screen). */
  currentImage?: string;
  /** Sends the form; resolves true when it was saved (create then clears the form). */
  onSubmit: (data: FormData) => Promise<boolean>;
  submitLabel: string;
  /** Inline message under the form (e.g. "Failed to upload image. Try again."). */
  error?: string;
  actions?: ReactNode;
  disabled?: boolean;
}

/**
 * Every photo is redrawn in the browser (its camera data, the GPS position among it, never leaves
 * the device), long edge at most 2560 px (enough for a full-screen view), at the best quality under
 * 3.5 MB: Netlify refuses request bodies near 6 MB.
 */
const GALLERY_PHOTO: DownscaleOptions = {
  maxEdge: 2560,
  maxBytes: 3.5 * 1024 * 1024,
  budgetBytes: 3.5 * 1024 * 1024,
  qualities: [0.9, 0.82, 0.74, 0.66, 0.58, 0.5],
  fitEdge: true,
  always: true,
};

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function GalleryForm({ mode, initial, currentImage, onSubmit, submitLabel, error, actions, disabled }: Props) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const fileRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const descRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => setValues(initial), [initial]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(chosen: File | undefined) {
    const problem = imageProblem(chosen);
    if (problem || !chosen) {
      setFileError(problem);
      setFile(undefined);
      setPreview(undefined);
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setFileError(undefined);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const title = values.title.trim();
    const description = values.description.trim();
    const problem = galleryProblem(
      { title, description, image: file ? { size: file.size, type: file.type } : null },
      mode,
    );
    if (problem) {
      toast.warning(problem.message);
      if (problem.field === 'image') {
        setFileError(problem.message);
        fileRef.current?.focus();
      } else (problem.field === 'title' ? titleRef : descRef).current?.focus();
      return;
    }
    const data = new FormData();
    data.set('title', title);
    data.set('description', description);
    try {
      if (file) {
        setBusy('Preparing the photo...');
        const upload = await downscaleImage(file, GALLERY_PHOTO);
        // A JPEG or PNG too small to show is refused here as the server would (its header is enough).
        const size = photoSize(new Uint8Array(await upload.slice(0, 256 * 1024).arrayBuffer()));
        if (size && isTooSmall(size)) {
          setBusy(undefined);
          setFileError(FORM_TEXTS.imageTooSmall);
          fileRef.current?.focus();
          return;
        }
        data.set('image', upload, upload.name);
      }
    } catch {
      setBusy(undefined);
      setFileError('This photo could not be prepared for upload. Please choose a smaller photo.');
      return;
    }
    setBusy('Uploading...');
    const saved = await onSubmit(data).catch(() => false);
    setBusy(undefined);
    if (saved && mode === 'create') {
      setValues({ title: '', description: '' });
      choose(undefined);
    }
    if (saved && mode === 'edit') {
      setFile(undefined);
      setPreview(undefined);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  const shown = preview ?? currentImage;
  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-busy={!!busy}>
      <p className="hint">
        Fields marked <span className="required">*</span> are required.
      </p>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>
          Title{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={`${id}-title`}
          ref={titleRef}
          type="text"
          required
          aria-required="true"
          maxLength={200}
          value={values.title}
          onChange={(e) => setValues({ ...values, title: e.target.value })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-desc`}>
          Description{' '}
          <span className="required" aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id={`${id}-desc`}
          ref={descRef}
          rows={4}
          required
          aria-required="true"
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-image`}>
          {mode === 'create' ? 'Image' : 'New image (optional)'}{' '}
          {mode === 'create' && (
            <span className="required" aria-hidden="true">
              *
            </span>
          )}
        </label>
        <input
          id={`${id}-image`}
          ref={fileRef}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-required={mode === 'create' || undefined}
          aria-invalid={!!fileError || undefined}
          aria-describedby={`${id}-image-hint ${id}-image-error`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <p id={`${id}-image-hint`} className="hint">
          JPEG, PNG, WebP, GIF or AVIF, under 6 MB. Large photos are resized automatically.
        </p>
        <p id={`${id}-image-error`} className="field-error" role="alert">
          {fileError ?? ''}
        </p>
      </div>
      <figure className="gallery-preview">
        {shown ? (
          <img src={shown} alt={preview ? 'Preview of the chosen image' : 'Current image'} width={320} height={240} />
        ) : (
          <img src={GALLERY_FALLBACK_IMAGE} alt="" width={320} height={240} />
        )}
        <figcaption>
          {preview && file
            ? `Chosen: ${file.name} (${mb(file.size)})`
            : currentImage
              ? 'Current image'
              : 'No image chosen yet'}
        </figcaption>
      </figure>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={!!busy || disabled}>
          {busy ?? submitLabel}
        </button>
        {actions}
      </div>
    </form>
  );
}
