/**
 * /admin/disclosure: the principal keeps CBSE's Mandatory Public Disclosure. Part A is the school
 * profile (linked). Each document is a PDF with its issue and valid-until dates, uploaded and saved
 * on its own row; the staff and infrastructure figures and the board results are one form.
 * Everything saved shows on /academy/mandatory-disclosure at once.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { answerOf, api, apiJson } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { fill } from '../../lib/i18n/index.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { STAFF_FILE_MAX_BYTES, acceptOf } from '../../lib/staff-files.ts';
import {
  DISCLOSURE_DOCUMENTS,
  INFRASTRUCTURE_FIGURES,
  RESULT_CLASSES,
  RESULT_YEARS,
  STAFF_FIGURES,
  documentTitle,
  validateDocumentDates,
  validateFigures,
  type BoardResultRow,
  type Disclosure,
  type DisclosureDocument,
  type ResultClass,
} from './disclosure.ts';
import '../school/school.css';
import './disclosure-admin.css';

const SECTION_TITLES = {
  B: 'B. Documents',
  C: 'C. Results and academics: documents',
  annual: 'Annual report (due by 15 September)',
} as const;

export default function DisclosureScreen() {
  const principal = useIsPrincipal();
  return (
    <section aria-labelledby="screen-title" className="disclosure-admin">
      <ScreenHeader title="Mandatory disclosure">
        <a className="btn" href="/academy/mandatory-disclosure" target="_blank" rel="noopener">
          View the public page
        </a>
      </ScreenHeader>
      {principal ? <Editor /> : <p>Only the principal can change the mandatory disclosure.</p>}
    </section>
  );
}

function Editor() {
  const loaded = useLoad(
    () => getJson<Disclosure>('/disclosure'),
    [],
    () => toast.error('Failed to load the disclosure'),
  );
  if (!loaded.data)
    return (
      <p className="admin-state" role="status">
        {loaded.failed ? 'Could not load the disclosure.' : 'Loading...'}
      </p>
    );
  const data = loaded.data;
  const byKey = new Map(data.documents.map((d) => [d.key, d]));
  return (
    <>
      <p className="hint">
        CBSE asks every affiliated school to keep this on its website (Appendix IX of the affiliation bye-laws). What is
        not filled shows as &ldquo;Not yet published&rdquo;. Part A, general information, is the{' '}
        <a href="/admin/school">school profile</a>.
      </p>
      {(['B', 'C', 'annual'] as const).map((section) => (
        <section key={section} className="disclosure-admin__section" aria-labelledby={`docs-${section}`}>
          <h2 id={`docs-${section}`}>{SECTION_TITLES[section]}</h2>
          <ul className="disclosure-docs-admin">
            {DISCLOSURE_DOCUMENTS.filter((d) => d.section === section).map((item) => (
              <DocumentRow key={item.key} item={item} doc={byKey.get(item.key)} onSaved={loaded.reload} />
            ))}
          </ul>
        </section>
      ))}
      <FiguresForm data={data} onSaved={loaded.reload} />
    </>
  );
}

/** One document: what is published now, and a small form to upload (or replace) it and set its dates. */
function DocumentRow({
  item,
  doc,
  onSaved,
}: {
  item: (typeof DISCLOSURE_DOCUMENTS)[number];
  doc: DisclosureDocument | undefined;
  onSaved: () => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [issuedOn, setIssuedOn] = useState(doc?.issuedOn ?? '');
  const [validUntil, setValidUntil] = useState(doc?.validUntil ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  useEffect(() => {
    setIssuedOn(doc?.issuedOn ?? '');
    setValidUntil(doc?.validUntil ?? '');
  }, [doc?.issuedOn, doc?.validUntil]);

  function refuse(fields: Record<string, string>, message: string) {
    // The upload's refusals name `file` or `uploadId`: both are the file box.
    const marked = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === 'uploadId' ? 'file' : k, v]));
    setErrors(marked);
    toast.error(message);
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const today = new Date().toISOString().slice(0, 10);
    const checked = validateDocumentDates({ issuedOn, validUntil }, today < issuedOn ? issuedOn : today);
    const wanted: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (!doc && !file) wanted.file = 'Choose the PDF to upload.';
    if (file && file.size > STAFF_FILE_MAX_BYTES)
      wanted.file = 'The file is larger than 4 MB. Scan it at a lower resolution and try again.';
    if (Object.keys(wanted).length) return refuse(wanted, Object.values(wanted)[0]!);
    setErrors({});
    setBusy(true);
    try {
      let uploadId: string | undefined;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        const uploaded = await answerOf<{ uploadId: string }>(await api('/files', { method: 'POST', body: form }));
        if (uploaded.status !== 201)
          return refuse(
            { file: uploaded.body.error ?? 'The file could not be uploaded.' },
            uploaded.body.error ?? 'The file could not be uploaded.',
          );
        uploadId = uploaded.body.uploadId;
      }
      const { status, body } = await answerOf(
        await apiJson(`/disclosure/documents/${item.key}`, 'PUT', {
          uploadId,
          issuedOn,
          validUntil: validUntil || null,
        }),
      );
      if (status === 200) {
        toast.success(`${item.label} saved`);
        setFile(null);
        setInputKey((k) => k + 1);
        onSaved();
      } else refuse(body.fields ?? {}, body.error ?? `Failed to save the ${item.label.toLowerCase()}`);
    } catch {
      toast.error(`Failed to save the ${item.label.toLowerCase()}`);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setConfirming(false);
    setBusy(true);
    try {
      const { status, body } = await answerOf(await api(`/disclosure/documents/${item.key}`, { method: 'DELETE' }));
      if (status === 200) {
        toast.success(`${item.label} taken off the page`);
        onSaved();
      } else toast.error(body.error ?? 'Failed to remove the document');
    } catch {
      toast.error('Failed to remove the document');
    } finally {
      setBusy(false);
    }
  }

  const box = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? (true as const) : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <li className="disclosure-doc-admin">
      <form noValidate onSubmit={save} aria-labelledby={`${id}-title`} aria-busy={busy}>
        <div className="disclosure-doc-admin__head">
          <h3 id={`${id}-title`}>{item.label}</h3>
          <p className="hint" lang="en">
            {fill('en', documentTitle(item.key))}
          </p>
          <p className="disclosure-doc-admin__now">
            {doc ? (
              <>
                Published:{' '}
                <a href={doc.url} target="_blank" rel="noopener">
                  {doc.name}
                </a>
                , issued {formatDate(doc.issuedOn)}
                {doc.validUntil ? `, valid until ${formatDate(doc.validUntil)}` : ''}
              </>
            ) : (
              <strong>Not yet published</strong>
            )}
          </p>
        </div>
        <div className="disclosure-doc-admin__fields">
          <div className="admin-field">
            <label htmlFor={`${id}-file`}>{doc ? 'Replace with a new PDF' : 'PDF file'}</label>
            <input
              key={inputKey}
              {...box('file')}
              type="file"
              accept={acceptOf(['pdf'])}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {error('file')}
          </div>
          <div className="admin-field admin-field--date">
            <label htmlFor={`${id}-issuedOn`}>Issued on</label>
            <input
              {...box('issuedOn')}
              type="date"
              value={issuedOn}
              required
              aria-required="true"
              onChange={(e) => setIssuedOn(e.target.value)}
            />
            {error('issuedOn')}
          </div>
          <div className="admin-field admin-field--date">
            <label htmlFor={`${id}-validUntil`}>Valid until (if it expires)</label>
            <input
              {...box('validUntil')}
              type="date"
              value={validUntil}
              min={issuedOn || undefined}
              onChange={(e) => setValidUntil(e.target.value)}
            />
            {error('validUntil')}
          </div>
          <div className="disclosure-doc-admin__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            {doc && (
              <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirming(true)}>
                Remove
              </button>
            )}
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        message={`Remove the ${item.label.toLowerCase()}? The public page will say "Not yet published" for it until you upload it again.`}
        confirmLabel="Remove"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

/** A result row as typed. */
type ResultText = { year: string; registered: string; passed: string; remarks: string };
const emptyRow = (): ResultText => ({ year: '', registered: '', passed: '', remarks: '' });
const rowsOf = (rows: BoardResultRow[]): ResultText[] =>
  Array.from({ length: RESULT_YEARS }, (_, i) =>
    rows[i]
      ? {
          year: rows[i].year,
          registered: String(rows[i].registered),
          passed: String(rows[i].passed),
          remarks: rows[i].remarks,
        }
      : emptyRow(),
  );
const numberOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text);

const STAFF_LABELS: Record<(typeof STAFF_FIGURES)[number]['key'], string> = Object.fromEntries(
  STAFF_FIGURES.map((f) => [f.key, fill('en', `disclosure.staff.${f.key}`)]),
) as never;
const INFRA_LABELS: Record<(typeof INFRASTRUCTURE_FIGURES)[number]['key'], string> = Object.fromEntries(
  INFRASTRUCTURE_FIGURES.map((f) => [f.key, fill('en', `disclosure.infra.${f.key}`)]),
) as never;

/** Parts D and E and the board results: one form, saved at once. */
function FiguresForm({ data, onSaved }: { data: Disclosure; onSaved: () => void }) {
  const id = useId();
  const [staff, setStaff] = useState<Record<string, string>>({ ...data.staff });
  const [infra, setInfra] = useState<Record<string, string>>({ ...data.infrastructure });
  const [results, setResults] = useState<Record<ResultClass, ResultText[]>>({
    x: rowsOf(data.results.x),
    xii: rowsOf(data.results.xii),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function payload() {
    const rows = (list: ResultText[]) =>
      list
        .filter((r) => Object.values(r).some((v) => v.trim() !== ''))
        .map((r) => ({
          year: r.year.trim(),
          registered: numberOf(r.registered),
          passed: numberOf(r.passed),
          remarks: r.remarks,
        }));
    return { staff, infrastructure: infra, results: { x: rows(results.x), xii: rows(results.xii) } };
  }

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const body = payload();
    const checked = validateFigures(body);
    if (!checked.ok) {
      setErrors(checked.fields);
      toast.error(checked.error);
      return;
    }
    const saved = await saveForm({
      path: '/disclosure',
      method: 'PUT',
      body,
      setErrors,
      setBusy,
      done: 'Figures and results saved',
      failed: 'Failed to save the figures',
    });
    if (saved) onSaved();
  }

  const figureBox = (path: string, label: string, value: string, onChange: (v: string) => void) => {
    const boxId = `${id}-${path.replace(/\./g, '-')}`;
    return (
      <div className="admin-field" key={path}>
        <label htmlFor={boxId}>{label}</label>
        <input
          id={boxId}
          type="text"
          value={value}
          maxLength={300}
          aria-invalid={errors[path] ? true : undefined}
          aria-describedby={errors[path] ? `${boxId}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {errors[path] && (
          <p id={`${boxId}-error`} className="field-error">
            {errors[path]}
          </p>
        )}
      </div>
    );
  };
  const setRow = (which: ResultClass, i: number, patch: Partial<ResultText>) =>
    setResults((r) => ({ ...r, [which]: r[which].map((row, j) => (j === i ? { ...row, ...patch } : row)) }));

  return (
    <form
      className="admin-form disclosure-figures"
      noValidate
      onSubmit={save}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Figures and board results</h2>
      <fieldset>
        <legend>D. Staff (teaching)</legend>
        <div className="school-form__pair">
          {STAFF_FIGURES.map((f) =>
            figureBox(`staff.${f.key}`, STAFF_LABELS[f.key], staff[f.key] ?? '', (v) =>
              setStaff((s) => ({ ...s, [f.key]: v })),
            ),
          )}
        </div>
      </fieldset>
      <fieldset>
        <legend>E. School infrastructure</legend>
        <div className="school-form__pair">
          {INFRASTRUCTURE_FIGURES.map((f) =>
            figureBox(`infrastructure.${f.key}`, INFRA_LABELS[f.key], infra[f.key] ?? '', (v) =>
              setInfra((s) => ({ ...s, [f.key]: v })),
            ),
          )}
        </div>
      </fieldset>
      {RESULT_CLASSES.map((which) => (
        <fieldset key={which}>
          <legend>{fill('en', `disclosure.results.${which}`)} (last three years)</legend>
          {errors[`results.${which}`] && <p className="field-error">{errors[`results.${which}`]}</p>}
          <table className="disclosure-results-admin">
            <thead>
              <tr>
                <th scope="col">Session (e.g. 2025-26)</th>
                <th scope="col">Registered</th>
                <th scope="col">Passed</th>
                <th scope="col">Remarks</th>
              </tr>
            </thead>
            <tbody>
              {results[which].map((row, i) => (
                <tr key={i}>
                  {(['year', 'registered', 'passed', 'remarks'] as const).map((col) => {
                    const path = `results.${which}.${i}.${col}`;
                    const boxId = `${id}-${which}-${i}-${col}`;
                    return (
                      <td key={col}>
                        <label
                          className="visually-hidden"
                          htmlFor={boxId}
                        >{`${col === 'year' ? 'Session' : col[0]!.toUpperCase() + col.slice(1)}, row ${i + 1}, Class ${which.toUpperCase()}`}</label>
                        <input
                          id={boxId}
                          type="text"
                          inputMode={col === 'registered' || col === 'passed' ? 'numeric' : undefined}
                          value={row[col]}
                          maxLength={col === 'remarks' ? 200 : 8}
                          aria-invalid={errors[path] ? true : undefined}
                          aria-describedby={errors[path] ? `${boxId}-error` : undefined}
                          onChange={(e) => setRow(which, i, { [col]: e.target.value })}
                        />
                        {errors[path] && (
                          <p id={`${boxId}-error`} className="field-error">
                            {errors[path]}
                          </p>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      ))}
      <div className="admin-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save figures and results'}
        </button>
      </div>
    </form>
  );
}
