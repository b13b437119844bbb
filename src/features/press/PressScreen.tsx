/**
 * /admin/press (office and principal): the press articles and the magazine issues, each added,
 * changed and deleted here, with a cover picture and a PDF. A chosen file goes up first
 * (POST /v1/api/files), resized in the browser when it is a large photo; the entry then names it by
 * its upload id, checked by the same schema as the server's. The public pages show a change at once.
 * The samples that came with the website are marked Sample: Remove takes one off the site for good;
 * Edit saves it, changed, as the school's own entry (no longer a sample).
 */
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, api, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { downscaleImage, type DownscaleOptions } from '../../lib/downscale-image.ts';
import { IMAGE_TYPES, STAFF_FILE_MAX_BYTES, acceptOf } from '../../lib/staff-files.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import type { Result } from '../../lib/forms/validate.ts';
import { PRESS_LIMITS, validateArticle, validateIssue, type MagazineIssue, type PressArticle } from './press.ts';
import './press-admin.css';

/** A cover is shown at most about 360 px wide: 960 px keeps it sharp on a phone's screen and small on slow data. */
const COVER: DownscaleOptions = {
  maxEdge: 960,
  maxBytes: 400 * 1024,
  budgetBytes: 200 * 1024,
  qualities: [0.85, 0.78, 0.7],
  fitEdge: true,
};

type Values = Record<string, string>;
type Files = { cover?: File; pdf?: File };

interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'month';
  max?: number;
  hint?: string;
  /** The field whose refusal this input shows ('title' for both titles). */
  errorOf?: string;
}

interface KindSpec<E> {
  /** The section's id, the address the dashboard's checklist links to (/admin/press#...). */
  id: string;
  noun: string;
  path: string;
  fields: FieldSpec[];
  /** The PDF is required when the entry is new. */
  pdfRequired: boolean;
  empty: Values;
  valuesOf: (entry: E) => Values;
  bodyOf: (
    values: Values,
    uploads: { coverUploadId: string | null; pdfUploadId: string | null },
    removePdf: boolean,
  ) => Record<string, unknown>;
  validate: (body: unknown, isNew: boolean) => Result<unknown>;
  titleOf: (entry: E) => string;
  lineOf: (entry: E) => string;
}

const ARTICLE: KindSpec<PressArticle> = {
  id: 'press-articles',
  noun: 'article',
  path: '/press',
  pdfRequired: false,
  fields: [
    { name: 'source', label: 'Newspaper', kind: 'text', max: PRESS_LIMITS.source },
    {
      name: 'titleEn',
      label: 'Title in English',
      kind: 'text',
      max: PRESS_LIMITS.title,
      errorOf: 'title',
      hint: 'A title in English, in Hindi or in both.',
    },
    { name: 'titleHi', label: 'Title in Hindi', kind: 'text', max: PRESS_LIMITS.title, errorOf: 'title' },
    { name: 'summaryEn', label: 'Summary in English', kind: 'textarea', max: PRESS_LIMITS.summary, errorOf: 'summary' },
    { name: 'summaryHi', label: 'Summary in Hindi', kind: 'textarea', max: PRESS_LIMITS.summary, errorOf: 'summary' },
    { name: 'publishedOn', label: 'Date printed', kind: 'date' },
    {
      name: 'coverAltEn',
      label: 'What the picture shows, in English',
      kind: 'text',
      max: PRESS_LIMITS.alt,
      errorOf: 'coverAlt',
      hint: 'For visitors who cannot see it, e.g. "Newspaper clipping with a photo of the sports day".',
    },
    {
      name: 'coverAltHi',
      label: 'What the picture shows, in Hindi',
      kind: 'text',
      max: PRESS_LIMITS.alt,
      errorOf: 'coverAlt',
    },
  ],
  empty: {
    source: '',
    titleEn: '',
    titleHi: '',
    summaryEn: '',
    summaryHi: '',
    publishedOn: '',
    coverAltEn: '',
    coverAltHi: '',
  },
  valuesOf: (a) => ({
    source: a.source,
    titleEn: a.title.en,
    titleHi: a.title.hi,
    summaryEn: a.summary.en,
    summaryHi: a.summary.hi,
    publishedOn: a.publishedOn,
    coverAltEn: a.coverAlt.en,
    coverAltHi: a.coverAlt.hi,
  }),
  bodyOf: (v, u, removePdf) => ({
    source: v.source,
    title: { en: v.titleEn, hi: v.titleHi },
    summary: { en: v.summaryEn, hi: v.summaryHi },
    publishedOn: v.publishedOn,
    coverAlt: { en: v.coverAltEn, hi: v.coverAltHi },
    ...u,
    removePdf,
  }),
  validate: validateArticle,
  titleOf: (a) => a.title.en || a.title.hi,
  lineOf: (a) => `${a.source} · ${a.publishedOn}`,
};

const ISSUE: KindSpec<MagazineIssue> = {
  id: 'magazine-issues',
  noun: 'issue',
  path: '/magazine',
  pdfRequired: true,
  fields: [
    {
      name: 'titleEn',
      label: 'Title in English',
      kind: 'text',
      max: PRESS_LIMITS.title,
      errorOf: 'title',
      hint: 'A title in English, in Hindi or in both.',
    },
    { name: 'titleHi', label: 'Title in Hindi', kind: 'text', max: PRESS_LIMITS.title, errorOf: 'title' },
    {
      name: 'descriptionEn',
      label: 'Description in English',
      kind: 'textarea',
      max: PRESS_LIMITS.summary,
      errorOf: 'description',
    },
    {
      name: 'descriptionHi',
      label: 'Description in Hindi',
      kind: 'textarea',
      max: PRESS_LIMITS.summary,
      errorOf: 'description',
    },
    { name: 'month', label: 'Month of the issue', kind: 'month', hint: 'For example 2026-04 for April 2026.' },
  ],
  empty: { titleEn: '', titleHi: '', descriptionEn: '', descriptionHi: '', month: '' },
  valuesOf: (m) => ({
    titleEn: m.title.en,
    titleHi: m.title.hi,
    descriptionEn: m.description.en,
    descriptionHi: m.description.hi,
    month: m.month,
  }),
  bodyOf: (v, u) => ({
    title: { en: v.titleEn, hi: v.titleHi },
    description: { en: v.descriptionEn, hi: v.descriptionHi },
    month: v.month,
    ...u,
  }),
  validate: validateIssue,
  titleOf: (m) => m.title.en || m.title.hi,
  lineOf: (m) => m.month,
};

export default function PressScreen() {
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Press and magazine">
        <a className="btn" href="/press/coverage" target="_blank" rel="noopener">
          Public press page
        </a>
        <a className="btn" href="/press/magazine" target="_blank" rel="noopener">
          Public magazine page
        </a>
      </ScreenHeader>
      <Entries heading="Press articles" spec={ARTICLE} />
      <Entries heading="Magazine issues" spec={ISSUE} />
    </section>
  );
}

/** Uploads a chosen file as a staff file: its upload id, or the refusal's words. */
async function upload(file: File): Promise<{ id?: string; error?: string }> {
  if (file.size > STAFF_FILE_MAX_BYTES) return { error: 'The file is larger than 4 MB.' };
  const form = new FormData();
  form.append('file', file, file.name);
  const { status, body } = await answerOf<{ uploadId: string }>(await api('/files', { method: 'POST', body: form }));
  return status === 201 && body.uploadId
    ? { id: body.uploadId }
    : { error: body.error ?? 'The file could not be uploaded.' };
}

type Entry = { _id: string; cover: { url: string } | null; pdf: string | null; sample: boolean };

function Entries<E extends Entry>({ heading, spec }: { heading: string; spec: KindSpec<E> }) {
  const id = useId();
  const loaded = useLoad(
    () => getJson<{ data: E[] }>(spec.path),
    [],
    () => toast.error(`Failed to load the ${spec.noun}s`),
  );
  const [editing, setEditing] = useState<E | 'new' | undefined>();
  const [deleting, setDeleting] = useState<E | undefined>();

  async function remove(entry: E) {
    setDeleting(undefined);
    const { status, body } = await answerOf(await api(`${spec.path}/${entry._id}`, { method: 'DELETE' }));
    if (status === 200) {
      toast.success(`${entry.sample ? 'Removed' : 'Deleted'}: ${spec.titleOf(entry)}`);
      loaded.reload();
    } else {
      toast.error(body.error ?? `Failed to delete the ${spec.noun}`);
      if (status === 404) loaded.reload();
    }
  }

  const entries = loaded.data?.data ?? [];
  const samples = entries.filter((e) => e.sample).length;
  return (
    <section className="press-admin" id={spec.id} aria-labelledby={`${id}-h`}>
      <div className="press-admin__head">
        <h2 id={`${id}-h`}>{heading}</h2>
        {editing === undefined && (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            Add an {spec.noun}
          </button>
        )}
      </div>
      {editing !== undefined && (
        <EntryForm
          key={editing === 'new' ? 'new' : editing._id}
          spec={spec}
          entry={editing === 'new' ? undefined : editing}
          onDone={(saved) => {
            setEditing(undefined);
            if (saved) loaded.reload();
          }}
        />
      )}
      {!loaded.data ? (
        <p className="admin-state" role="status">
          {loaded.failed ? `Could not load the ${spec.noun}s.` : 'Loading...'}
        </p>
      ) : entries.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <>
          {samples > 0 && (
            <p className="press-admin__samples">
              {samples === 1 ? `1 ${spec.noun} is` : `${samples} ${spec.noun}s are`} marked <strong>Sample</strong>:
              they came with the website and are not real. The public page shows them marked as samples until you remove
              them, or edit one to make it your school's own.
            </p>
          )}
          <table className="press-admin__table">
            <caption className="visually-hidden">{heading}</caption>
            <thead>
              <tr>
                <th scope="col">Cover</th>
                <th scope="col">Title</th>
                <th scope="col">Details</th>
                <th scope="col">PDF</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e._id}>
                  <td>{e.cover ? <img src={e.cover.url} alt="" width={64} height={48} /> : '—'}</td>
                  <td>
                    {e.sample && (
                      <>
                        <span className="press-admin__sample">Sample</span>{' '}
                      </>
                    )}
                    {spec.titleOf(e)}
                  </td>
                  <td>{spec.lineOf(e)}</td>
                  <td>
                    {e.pdf ? (
                      <a href={e.pdf} target="_blank" rel="noopener">
                        Open<span className="visually-hidden"> the PDF of {spec.titleOf(e)}</span>
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="press-admin__actions">
                    <button type="button" className="btn" onClick={() => setEditing(e)}>
                      Edit<span className="visually-hidden"> {spec.titleOf(e)}</span>
                    </button>
                    <button type="button" className="btn btn--danger" onClick={() => setDeleting(e)}>
                      {e.sample ? 'Remove' : 'Delete'}
                      <span className="visually-hidden">
                        {' '}
                        {e.sample ? 'the sample ' : ''}
                        {spec.titleOf(e)}
                      </span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <ConfirmDialog
        open={!!deleting}
        message={
          !deleting
            ? ''
            : deleting.sample
              ? `Remove the sample "${spec.titleOf(deleting)}"? It leaves the public page at once and does not come back.`
              : `Delete "${spec.titleOf(deleting)}"? It leaves the public page at once, with its cover and PDF.`
        }
        confirmLabel={deleting?.sample ? 'Remove' : 'Delete'}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </section>
  );
}

function EntryForm<E extends Entry>({
  spec,
  entry,
  onDone,
}: {
  spec: KindSpec<E>;
  entry?: E;
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const isNew = !entry;
  const [values, setValues] = useState<Values>(entry ? spec.valuesOf(entry) : spec.empty);
  const [files, setFiles] = useState<Files>({});
  const [removePdf, setRemovePdf] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | undefined>();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    // The words first, with stand-ins for the files chosen: nothing is uploaded for a form that would be refused.
    const standIn = (file: File | undefined) => (file ? '00000000-0000-4000-8000-000000000000' : null);
    const draft = spec.validate(
      spec.bodyOf(values, { coverUploadId: standIn(files.cover), pdfUploadId: standIn(files.pdf) }, removePdf),
      isNew,
    );
    if (!draft.ok) {
      setErrors(draft.fields);
      toast.error(draft.error);
      return;
    }
    setErrors({});
    try {
      let coverUploadId: string | null = null;
      let pdfUploadId: string | null = null;
      if (files.cover) {
        setBusy('Uploading the cover...');
        const sent = await upload(await downscaleImage(files.cover, COVER));
        if (!sent.id) return fail({ coverUploadId: sent.error! });
        coverUploadId = sent.id;
      }
      if (files.pdf) {
        setBusy('Uploading the PDF...');
        const sent = await upload(files.pdf);
        if (!sent.id) return fail({ pdfUploadId: sent.error! });
        pdfUploadId = sent.id;
      }
      setBusy('Saving...');
      const body = spec.bodyOf(values, { coverUploadId, pdfUploadId }, removePdf);
      const { status, body: answer } = await answerOf(
        await apiJson(entry ? `${spec.path}/${entry._id}` : spec.path, entry ? 'PUT' : 'POST', body),
      );
      if (status === 200 || status === 201) {
        toast.success(
          `${isNew ? 'Added' : entry.sample ? 'Saved as your own' : 'Saved'}: it is on the public page now.`,
        );
        onDone(true);
        return;
      }
      fail(answer.fields ?? {}, answer.error);
    } catch {
      fail({}, `Failed to save the ${spec.noun}`);
    } finally {
      setBusy(undefined);
    }
  }

  function fail(fields: Record<string, string>, message?: string) {
    setErrors(fields);
    toast.error(message ?? Object.values(fields)[0] ?? `Failed to save the ${spec.noun}`);
  }

  const errorId = (name: string) => `${id}-${name}-error`;
  const fieldError = (name: string): ReactNode =>
    errors[name] ? (
      <p id={errorId(name)} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string, hint?: string) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="admin-form press-admin__form"
      noValidate
      onSubmit={submit}
      aria-busy={!!busy}
      aria-label={`${isNew ? 'New' : 'Edit'} ${spec.noun}`}
    >
      <h3>{isNew ? `New ${spec.noun}` : `Edit: ${spec.titleOf(entry!)}`}</h3>
      {entry?.sample && (
        <p className="press-admin__samples">
          This is a sample that came with the website. Saving makes it your school's own {spec.noun}, shown without the
          Sample mark: first check that every word, the date and the picture are true for your school.
        </p>
      )}
      <div className="press-admin__grid">
        {spec.fields.map((f) => {
          const errorKey = f.errorOf ?? f.name;
          const props = {
            id: `${id}-${f.name}`,
            value: values[f.name] ?? '',
            maxLength: f.max,
            'aria-invalid': errors[errorKey] ? true : undefined,
            'aria-describedby': described(errorKey, f.hint) ?? (f.hint ? `${id}-${f.name}-hint` : undefined),
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
          };
          return (
            <div key={f.name} className={`admin-field${f.kind === 'textarea' ? ' press-admin__wide' : ''}`}>
              <label htmlFor={props.id}>{f.label}</label>
              {f.kind === 'textarea' ? (
                <textarea rows={3} {...props} />
              ) : (
                <input
                  type={f.kind === 'text' ? 'text' : f.kind}
                  lang={f.name.endsWith('Hi') ? 'hi' : undefined}
                  {...props}
                />
              )}
              {f.hint && (
                <p id={`${id}-${f.name}-hint`} className="hint">
                  {f.hint}
                </p>
              )}
              {f.name === spec.fields.find((x) => (x.errorOf ?? x.name) === errorKey)?.name && fieldError(errorKey)}
            </div>
          );
        })}
        <div className="admin-field">
          <label htmlFor={`${id}-cover`}>{isNew ? 'Cover picture' : 'New cover picture (optional)'}</label>
          <input
            id={`${id}-cover`}
            type="file"
            accept={acceptOf(IMAGE_TYPES)}
            aria-invalid={errors.coverUploadId ? true : undefined}
            aria-describedby={described('coverUploadId', 'x')}
            onChange={(e) => setFiles((f) => ({ ...f, cover: e.target.files?.[0] }))}
          />
          <p id={`${id}-coverUploadId-hint`} className="hint">
            JPEG, PNG or WebP. A large photo is made smaller before it is sent.
          </p>
          {entry?.cover && !files.cover && (
            <img
              className="press-admin__current"
              src={entry.cover.url}
              alt="The current cover"
              width={120}
              height={90}
            />
          )}
          {fieldError('coverUploadId')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-pdf`}>
            {isNew ? (spec.pdfRequired ? 'PDF of the issue' : 'PDF of the clipping (optional)') : 'New PDF (optional)'}
          </label>
          <input
            id={`${id}-pdf`}
            type="file"
            accept="application/pdf"
            aria-invalid={errors.pdfUploadId ? true : undefined}
            aria-describedby={described('pdfUploadId')}
            onChange={(e) => setFiles((f) => ({ ...f, pdf: e.target.files?.[0] }))}
          />
          {entry?.pdf && !spec.pdfRequired && (
            <label className="press-admin__check">
              <input type="checkbox" checked={removePdf} onChange={(e) => setRemovePdf(e.target.checked)} /> Remove the
              current PDF
            </label>
          )}
          {fieldError('pdfUploadId')}
        </div>
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={!!busy}>
          {busy ?? (isNew ? `Add the ${spec.noun}` : 'Save changes')}
        </button>
        <button type="button" className="btn" disabled={!!busy} onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
