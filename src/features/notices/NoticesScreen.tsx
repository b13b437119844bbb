/**
 * /admin/notices: the office's notices and circulars. The list shows every notice (scheduled,
 * on the site, expired) with Edit, Pin and Delete; "New notice" and Edit open the form above it:
 * title and text in English and/or Hindi, the publish and expiry dates, pinned, and an attachment
 * (PDF or picture) that goes up as soon as it is chosen (POST /v1/api/files) and is saved with the
 * notice. `?edit=<id>` opens a notice's form (the audit log links there).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, apiJson } from '../../lib/api-client.ts';
import { adminApi, getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { formatBytes } from '../../lib/format.ts';
import {
  STAFF_FILE_MAX_BYTES,
  STAFF_FILE_TEXTS,
  STAFF_FILE_TYPES,
  acceptOf,
  type StaffFileType,
} from '../../lib/staff-files.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { NOTICE_LIMITS, validateNotice, type Notice, type NoticeState } from './notice.ts';
import './notices-admin.css';

type Listed = Notice & { state: NoticeState };

const STATE_TEXT: Record<NoticeState, string> = {
  scheduled: 'Scheduled',
  published: 'On the site',
  expired: 'Expired',
};

interface Draft {
  titleEn: string;
  bodyEn: string;
  titleHi: string;
  bodyHi: string;
  publishOn: string;
  expiresOn: string;
  pinned: boolean;
  /** The attachment as saved (edit), or as just uploaded; undefined: none. */
  attachment?: { name: string; type: StaffFileType; size: number; url?: string };
  /** A new upload to save with the notice; null takes the saved one off. */
  uploadId?: string | null;
}

const emptyDraft = (): Draft => ({
  titleEn: '',
  bodyEn: '',
  titleHi: '',
  bodyHi: '',
  publishOn: dateInIndia(),
  expiresOn: '',
  pinned: false,
});

const draftOf = (n: Notice): Draft => ({
  titleEn: n.title.en ?? '',
  bodyEn: n.body.en ?? '',
  titleHi: n.title.hi ?? '',
  bodyHi: n.body.hi ?? '',
  publishOn: n.publishOn,
  expiresOn: n.expiresOn ?? '',
  pinned: n.pinned,
  attachment: n.attachment
    ? { name: n.attachment.name, type: n.attachment.type, size: n.attachment.size, url: n.attachment.url }
    : undefined,
});

/** The request body of a draft (the attachment only when it changed). */
function bodyOf(d: Draft) {
  return {
    title: { en: d.titleEn, hi: d.titleHi },
    body: { en: d.bodyEn, hi: d.bodyHi },
    publishOn: d.publishOn,
    expiresOn: d.expiresOn || null,
    pinned: d.pinned,
    ...(d.uploadId !== undefined ? { attachmentUploadId: d.uploadId } : {}),
  };
}

const titleOf = (n: Notice) => n.title.en ?? n.title.hi ?? '';
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export default function NoticesScreen() {
  const list = useLoad(
    () => getJson<Listed[]>('/notices/all'),
    [],
    () => toast.error('Failed to load the notices'),
  );
  const [editing, setEditing] = useState<{ id?: string; draft: Draft }>();
  const [deleting, setDeleting] = useState<Listed>();
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLElement>(null);

  // ?edit=<id> (from the audit log) opens that notice once the list is there.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('edit');
    const found = id && list.data?.find((n) => n._id === id);
    if (found && !editing) setEditing({ id: found._id, draft: draftOf(found) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list.data]);

  const editingId = editing?.id;
  const isEditing = editing !== undefined;
  useEffect(() => {
    if (isEditing) formRef.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [editingId, isEditing]);

  async function togglePin(notice: Listed) {
    if (busy) return;
    setBusy(true);
    try {
      const { status, body } = await answerOf(
        await apiJson(`/notices/${notice._id}`, 'PUT', bodyOf({ ...draftOf(notice), pinned: !notice.pinned })),
      );
      if (status === 200)
        toast.success(notice.pinned ? 'The notice is no longer pinned' : 'The notice is pinned at the top');
      else toast.error(body.error ?? 'Failed to change the notice');
      list.reload();
    } catch {
      toast.error('Failed to change the notice');
    } finally {
      setBusy(false);
    }
  }

  async function remove(notice: Listed) {
    setDeleting(undefined);
    setBusy(true);
    try {
      const res = await adminApi(`/notices/${notice._id}`, { method: 'DELETE' });
      if (res.status === 200) {
        toast.success('Notice deleted');
        if (editing?.id === notice._id) setEditing(undefined);
      } else toast.error((await answerOf(res)).body.error ?? 'Failed to delete the notice');
      list.reload();
    } catch {
      toast.error('Failed to delete the notice');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Notices">
        <a className="btn" href="/notices" target="_blank" rel="noopener">
          Open the notices page
        </a>
        <button type="button" className="btn btn--primary" onClick={() => setEditing({ draft: emptyDraft() })}>
          New notice
        </button>
      </ScreenHeader>
      {editing && (
        <section ref={formRef} aria-labelledby="notice-form-title" className="notice-editor">
          <NoticeForm
            key={editing.id ?? 'new'}
            id={editing.id}
            initial={editing.draft}
            onDone={(saved) => {
              setEditing(undefined);
              if (saved) list.reload();
            }}
          />
        </section>
      )}
      <h2 className="visually-hidden">All notices</h2>
      {!list.data ? (
        <p className="admin-state" role="status">
          {list.failed ? 'Could not load the notices.' : 'Loading...'}
        </p>
      ) : list.data.length === 0 ? (
        <p className="admin-state">No notices yet. Press "New notice" to write the first one.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Notices, newest publish date first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Published on</th>
                <th scope="col">Valid until</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((n) => (
                <tr key={n._id}>
                  <td className="cell-wrap">
                    {n.pinned && <span className="status-badge">Pinned</span>} {titleOf(n)}
                    {n.title.en && n.title.hi && <span lang="hi"> / {n.title.hi}</span>}
                    {n.attachment && <span className="hint"> (attachment: {n.attachment.type.toUpperCase()})</span>}
                  </td>
                  <td>{shortDate(n.publishOn)}</td>
                  <td>{n.expiresOn ? shortDate(n.expiresOn) : 'No end date'}</td>
                  <td>{STATE_TEXT[n.state]}</td>
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => setEditing({ id: n._id, draft: draftOf(n) })}
                        aria-label={`Edit: ${titleOf(n)}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--small"
                        disabled={busy}
                        onClick={() => togglePin(n)}
                        aria-label={`${n.pinned ? 'Unpin' : 'Pin'}: ${titleOf(n)}`}
                      >
                        {n.pinned ? 'Unpin' : 'Pin'}
                      </button>
                      {n.state !== 'scheduled' && (
                        <a
                          className="btn btn--small"
                          href={n.url}
                          target="_blank"
                          rel="noopener"
                          aria-label={`View on the site: ${titleOf(n)}`}
                        >
                          View
                        </a>
                      )}
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        disabled={busy}
                        onClick={() => setDeleting(n)}
                        aria-label={`Delete: ${titleOf(n)}`}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={!!deleting}
        message={`Delete the notice "${deleting ? titleOf(deleting) : ''}"? It goes off the website at once.`}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </section>
  );
}

/** The request's field of each part of the draft (the API's `fields` name them so). */
const FIELD_OF: Partial<Record<keyof Draft, string>> = {
  titleEn: 'title.en',
  bodyEn: 'body.en',
  titleHi: 'title.hi',
  bodyHi: 'body.hi',
  publishOn: 'publishOn',
  expiresOn: 'expiresOn',
};

const MARKDOWN_HINT =
  'Leave an empty line between paragraphs. Start a line with "- " for a list or "1. " for a numbered list. **Two stars** make words bold; [words](https://address) makes a link.';

function NoticeForm({ id, initial, onDone }: { id?: string; initial: Draft; onDone: (saved: boolean) => void }) {
  const uid = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<{ en?: string; hi?: string }>();
  const fileRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    // A field's message goes once it is changed (and the form-wide "no language" one with any text).
    const field = FIELD_OF[key];
    if (field)
      setErrors(({ [field]: _, title, ...rest }) =>
        field.includes('.') ? rest : { ...rest, ...(title ? { title } : {}) },
      );
  };

  async function choose(file: File | undefined) {
    setErrors(({ attachmentUploadId: _, ...rest }) => rest);
    if (!file) return;
    if (file.size > STAFF_FILE_MAX_BYTES) {
      setErrors((e) => ({ ...e, attachmentUploadId: STAFF_FILE_TEXTS.tooLarge }));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    const form = new FormData();
    form.set('file', file, file.name);
    setUploading(true);
    try {
      const { status, body } = await answerOf<{ uploadId: string; type: StaffFileType; size: number; name: string }>(
        await adminApi('/files', { method: 'POST', body: form }),
      );
      if (status === 201 && body.uploadId) {
        setDraft((d) => ({
          ...d,
          uploadId: body.uploadId,
          attachment: { name: body.name ?? file.name, type: body.type!, size: body.size ?? file.size },
        }));
      } else {
        setErrors((e) => ({ ...e, attachmentUploadId: body.error ?? STAFF_FILE_TEXTS.type }));
        if (fileRef.current) fileRef.current.value = '';
      }
    } catch {
      setErrors((e) => ({
        ...e,
        attachmentUploadId: 'The file could not be uploaded. Check the connection and choose it again.',
      }));
    } finally {
      setUploading(false);
    }
  }

  /** The text drawn by the server exactly as the site will show it (the same renderer and sanitiser). */
  async function showPreview() {
    try {
      const { status, body } = await answerOf<{ html: { en?: string; hi?: string } }>(
        await apiJson('/notices/preview', 'POST', { body: { en: draft.bodyEn, hi: draft.bodyHi } }),
      );
      if (status === 200 && body.html) setPreview(body.html);
      else toast.warning(body.error ?? 'Write the text first, then preview it.');
    } catch {
      toast.error('The preview could not be made. Check the connection and try again.');
    }
  }

  function removeAttachment() {
    setDraft((d) => ({ ...d, attachment: undefined, uploadId: null }));
    if (fileRef.current) fileRef.current.value = '';
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (saving || uploading) return;
    const scheduled = draft.publishOn > dateInIndia();
    const saved = await saveForm<Notice>({
      path: id ? `/notices/${id}` : '/notices',
      method: id ? 'PUT' : 'POST',
      body: bodyOf(draft),
      check: validateNotice,
      setErrors,
      focus,
      setBusy: setSaving,
      done: scheduled
        ? `Notice saved. It appears on the website on ${shortDate(draft.publishOn)}.`
        : 'Notice saved. It is on the website now.',
      failed: 'Failed to save the notice',
      offline: 'Failed to save the notice. Check the connection and try again.',
    });
    if (saved) onDone(true);
  }

  /** A field's box; the title's error (no language has one) is the English title's. */
  function focus(field: string) {
    document.getElementById(`${uid}-${field === 'title' ? 'title.en' : field}`)?.focus();
  }

  const field = (name: string) => ({
    id: `${uid}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${uid}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] && (
      <p id={`${uid}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <form className="admin-form notice-form" noValidate onSubmit={save} aria-busy={saving || uploading}>
      <h2 id="notice-form-title" tabIndex={-1}>
        {id ? 'Edit notice' : 'New notice'}
      </h2>
      <p className="hint">
        Write the notice in English, in Hindi or in both. A notice in one language only shows in that language on both
        the English and the Hindi site.
      </p>
      {error('title')}
      <fieldset className="notice-language">
        <legend>In English</legend>
        <div className="admin-field">
          <label htmlFor={`${uid}-title.en`}>Title</label>
          <input
            {...field('title.en')}
            type="text"
            maxLength={NOTICE_LIMITS.title}
            value={draft.titleEn}
            onChange={(e) => set('titleEn', e.target.value)}
          />
          {error('title.en')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-body.en`}>Text</label>
          <textarea
            {...field('body.en')}
            rows={8}
            maxLength={NOTICE_LIMITS.body}
            value={draft.bodyEn}
            onChange={(e) => set('bodyEn', e.target.value)}
            aria-describedby={[`${uid}-md`, errors['body.en'] ? `${uid}-body.en-error` : ''].join(' ').trim()}
          />
          {error('body.en')}
        </div>
      </fieldset>
      <fieldset className="notice-language" lang="hi">
        <legend>हिंदी में (In Hindi)</legend>
        <div className="admin-field">
          <label htmlFor={`${uid}-title.hi`}>शीर्षक (Title)</label>
          <input
            {...field('title.hi')}
            type="text"
            maxLength={NOTICE_LIMITS.title}
            value={draft.titleHi}
            onChange={(e) => set('titleHi', e.target.value)}
          />
          {error('title.hi')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${uid}-body.hi`}>सूचना का विवरण (Text)</label>
          <textarea
            {...field('body.hi')}
            rows={8}
            maxLength={NOTICE_LIMITS.body}
            value={draft.bodyHi}
            onChange={(e) => set('bodyHi', e.target.value)}
            aria-describedby={[`${uid}-md`, errors['body.hi'] ? `${uid}-body.hi-error` : ''].join(' ').trim()}
          />
          {error('body.hi')}
        </div>
      </fieldset>
      <p id={`${uid}-md`} className="hint">
        {MARKDOWN_HINT}
      </p>
      <p>
        <button type="button" className="btn" onClick={showPreview}>
          Preview the text
        </button>
      </p>
      <div aria-live="polite">
        {preview && (
          <section className="notice-preview" aria-label="Preview: the text as the website will show it">
            <h3>Preview: the text as the website will show it</h3>
            {/* Drawn and sanitised by the server (POST /v1/api/notices/preview), as on the public pages. */}
            {preview.en && <div className="notice-preview__text" dangerouslySetInnerHTML={{ __html: preview.en }} />}
            {preview.hi && (
              <div className="notice-preview__text" lang="hi" dangerouslySetInnerHTML={{ __html: preview.hi }} />
            )}
          </section>
        )}
      </div>
      <div className="notice-dates">
        <div className="admin-field admin-field--date">
          <label htmlFor={`${uid}-publishOn`}>Publish on</label>
          <input
            {...field('publishOn')}
            type="date"
            value={draft.publishOn}
            onChange={(e) => set('publishOn', e.target.value)}
          />
          {error('publishOn')}
        </div>
        <div className="admin-field admin-field--date">
          <label htmlFor={`${uid}-expiresOn`}>Valid until (optional)</label>
          <input
            {...field('expiresOn')}
            type="date"
            min={draft.publishOn || undefined}
            value={draft.expiresOn}
            onChange={(e) => set('expiresOn', e.target.value)}
          />
          {error('expiresOn')}
        </div>
      </div>
      <p className="hint">
        A date in the future keeps the notice off the website until that day. After the "valid until" date it leaves the
        home page and the current notices, and stays in the archive.
      </p>
      <div className="admin-field admin-field--check">
        <label>
          <input type="checkbox" checked={draft.pinned} onChange={(e) => set('pinned', e.target.checked)} /> Pin at the
          top (important)
        </label>
      </div>
      <div className="admin-field">
        <label htmlFor={`${uid}-attachmentUploadId`}>
          Attachment (optional): PDF or picture, up to {STAFF_FILE_MAX_BYTES / 1024 / 1024} MB
        </label>
        {draft.attachment && (
          <p className="notice-attachment-current">
            {draft.attachment.url ? (
              <a href={draft.attachment.url} target="_blank" rel="noopener">
                {draft.attachment.name}
              </a>
            ) : (
              draft.attachment.name
            )}{' '}
            ({draft.attachment.type.toUpperCase()}, {formatBytes(draft.attachment.size)}){' '}
            <button type="button" className="btn btn--small" onClick={removeAttachment}>
              Remove attachment
            </button>
          </p>
        )}
        <input
          {...field('attachmentUploadId')}
          ref={fileRef}
          type="file"
          accept={acceptOf(STAFF_FILE_TYPES)}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {uploading && (
          <p role="status" className="hint">
            Uploading the file...
          </p>
        )}
        {error('attachmentUploadId')}
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={saving || uploading}>
          {saving ? 'Saving...' : id ? 'Save changes' : 'Publish notice'}
        </button>
        <button type="button" className="btn" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
