/**
 * Bringing the paper register in: the office chooses its Excel or CSV file, sees the preview (how
 * many rows are ready, each problem with its row, field, value and reason), fixes a problem in
 * place or skips its row, and confirms "Import N pupils"; nothing is stored before that. The
 * fixes and skips go with the file again (POST /v1/api/register/import), which checks it all anew.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { api, answerOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.tsx';
import { importFieldLabel, type ImportPreview, type ImportProblem, type ImportResult } from './import-columns.ts';

type Fixes = Record<string, Record<string, string>>;

/** The register's list: a tab of the same screen, so the toast stays in view. */
const LIST = '#pupils';

async function send(file: File, dryRun: boolean, fixes: Fixes = {}, skip: number[] = []) {
  const form = new FormData();
  form.append('file', file);
  form.append('fixes', JSON.stringify(fixes));
  form.append('skip', JSON.stringify(skip));
  return answerOf<ImportPreview & ImportResult & { problems: ImportProblem[] }>(
    await api(`/register/import${dryRun ? '?dryRun=1' : ''}`, { method: 'POST', body: form }),
  );
}

/** The problems by row, in the file's order. */
const byRow = (problems: readonly ImportProblem[]) => {
  const rows = new Map<number, ImportProblem[]>();
  for (const p of problems) rows.set(p.row, [...(rows.get(p.row) ?? []), p]);
  return [...rows.entries()];
};

export default function ImportScreen() {
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [fixes, setFixes] = useState<Fixes>({});
  const [skip, setSkip] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const check = async (chosen: File, nextFixes: Fixes, nextSkip: number[]) => {
    setBusy(true);
    setError('');
    try {
      const { status, body } = await send(chosen, true, nextFixes, nextSkip);
      if (status !== 200) {
        setPreview(undefined);
        setError(body.error ?? 'The file could not be read.');
        return;
      }
      setPreview(body as ImportPreview);
    } catch {
      setError('The file could not be sent. Check the connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(chosen);
    setFixes({});
    setSkip([]);
    setPreview(undefined);
    if (chosen) void check(chosen, {}, []);
  };

  const fix = (row: number, field: string, value: string) =>
    setFixes((all) => ({ ...all, [row]: { ...all[row], [field]: value } }));
  const toggleSkip = (row: number) =>
    setSkip((rows) => (rows.includes(row) ? rows.filter((r) => r !== row) : [...rows, row]));

  const importAll = async () => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const { status, body } = await send(file, false, fixes, skip);
      if (status === 200) {
        const hint = body.nextNumberHint
          ? ` The principal may now set the next admission number to ${body.nextNumberHint}.`
          : '';
        toast.success(`${body.imported} pupils imported.${hint}`);
        location.hash = LIST;
        return;
      }
      setError(body.error ?? 'The import failed. Nothing was imported.');
      if (body.problems) await check(file, fixes, skip);
    } catch {
      setError('The file could not be sent. Nothing was imported; try again.');
    } finally {
      setBusy(false);
    }
  };

  const problemRows = preview ? byRow(preview.problems) : [];
  const skipped = (row: number) => skip.includes(row);
  // Skipped rows are dropped by the server: a preview checked with the current skips counts them out.
  const open = problemRows.filter(([row]) => !skipped(row));
  const fixedOpen = open.filter(([row, problems]) => problems.every((p) => fixes[row]?.[p.field] !== undefined));
  const ready = preview?.ready ?? 0;

  return (
    <section aria-labelledby="import-title" className="register-import">
      <h2 id="import-title">Import the paper register</h2>
      <p>
        Choose the register as an Excel workbook (.xlsx) or a CSV file saved as "CSV UTF-8". The first row of the table
        names its columns: at least the admission number, the name, the class and the date of admission, in English or
        Hindi ("Adm No", "Name", "Class", "Date of Admission" or "प्रवेश संख्या", "नाम", "कक्षा", "प्रवेश तिथि"). Nothing is
        stored until you confirm.
      </p>
      <p>
        <label htmlFor={fileId}>Register file</label>{' '}
        <input
          id={fileId}
          type="file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          onChange={choose}
          disabled={busy}
        />
      </p>
      {busy && <p role="status">Reading the file...</p>}
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {preview && (
        <>
          <p role="status">
            {preview.rows} rows read: {ready} ready to import
            {preview.problems.length ? `, ${problemRows.length} with problems` : ''}.
          </p>
          {problemRows.length > 0 && (
            <>
              <h3>Rows with problems</h3>
              <p>Correct a value in its box, or skip the row, then check again.</p>
              <div className="table-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Field</th>
                      <th scope="col">Value in the file</th>
                      <th scope="col">Problem</th>
                      <th scope="col">Correct value</th>
                      <th scope="col">Skip</th>
                    </tr>
                  </thead>
                  <tbody>
                    {problemRows.flatMap(([row, problems]) =>
                      problems.map((p, i) => (
                        <tr key={`${row}-${p.field}`} className={skipped(row) ? 'is-skipped' : undefined}>
                          <td>{i === 0 ? row : ''}</td>
                          <td>{importFieldLabel(p.field)}</td>
                          <td>{p.value || '(empty)'}</td>
                          <td>{p.reason}</td>
                          <td>
                            <input
                              type="text"
                              aria-label={`Correct ${importFieldLabel(p.field)} of row ${row}`}
                              value={fixes[row]?.[p.field] ?? p.value}
                              disabled={skipped(row) || busy}
                              onChange={(e) => fix(row, p.field, e.target.value)}
                            />
                          </td>
                          <td>
                            {i === 0 && (
                              <label>
                                <input
                                  type="checkbox"
                                  checked={skipped(row)}
                                  disabled={busy}
                                  onChange={() => toggleSkip(row)}
                                />{' '}
                                Skip row {row}
                              </label>
                            )}
                          </td>
                        </tr>
                      )),
                    )}
                  </tbody>
                </table>
              </div>
              <p className="admin-actions">
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={busy || !file}
                  onClick={() => file && void check(file, fixes, skip)}
                >
                  Check again
                </button>
                {open.length > 0 && <span> {open.length - fixedOpen.length} rows still to fix or skip.</span>}
              </p>
            </>
          )}
          {preview.sample.length > 0 && (
            <>
              <h3>The first pupils ready</h3>
              <div className="table-scroll">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Adm. no.</th>
                      <th scope="col">Name</th>
                      <th scope="col">Father's name</th>
                      <th scope="col">Date of birth</th>
                      <th scope="col">Class</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.sample.map((p) => (
                      <tr key={p.row}>
                        <td>{p.row}</td>
                        <td>{p.admissionNumber}</td>
                        <td>{[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}</td>
                        <td>{p.fatherName}</td>
                        <td>{p.dateOfBirth ?? ''}</td>
                        <td>{[p.class, p.section].filter(Boolean).join('-')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <p className="admin-actions">
            <button
              type="button"
              className="btn"
              disabled={busy || ready === 0 || preview.problems.length > 0}
              onClick={() => void importAll()}
            >
              Import {ready} pupils
            </button>{' '}
            <a className="btn btn--secondary" href={LIST}>
              Cancel
            </a>
          </p>
          {preview.problems.length > 0 && (
            <p>Every row with a problem must be fixed or skipped, and checked again, before the import.</p>
          )}
        </>
      )}
    </section>
  );
}
