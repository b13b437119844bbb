/**
 * /admin/admissions/print/{admissionId}: the whole application on A4, for the file and for
 * signatures: the school's name and address, reference number, status and session, the student's
 * photo, every field of the application by the form's sections (Aadhaar masked, as the API answers
 * it), the document checklist, and signature boxes for the parent or guardian, the office and the
 * principal. Print hides the site's header, navigation, footer, buttons and toasts.
 */
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { idFromPath } from '../../lib/admin/navigation.ts';
import { StatusError, useLoad } from '../../lib/admin/use-load.ts';
import { formatDate, formatDateTime } from '../../lib/dates.ts';
import { orDash } from '../../lib/format.ts';
import { fieldsIn, type Field } from '../../lib/record.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { schoolInUse } from '../../lib/school-profile.ts';
import { fieldRows } from '../../components/admin/record-view.tsx';
import { ADMISSION, SECTION_TITLES, fileLabel, isFileField, type Admission, type SectionId } from './admission.ts';
import { ADMISSION_WORKFLOW, DOCUMENT_STATE_LABELS } from './workflow.ts';
import './print-application.css';

/** Shown at the top, so not repeated in the office's section. */
const AT_TOP = ['referenceNumber', 'session', 'createdAt'];
const SIGNATURES = ['Parent or guardian', 'Office', 'Principal'];

export default function ApplicationPrint() {
  const id = idFromPath(location.pathname, 'print');
  const { data, failed } = useLoad(
    () => (id ? getJson<Admission>(`/admission/${encodeURIComponent(id)}`) : Promise.reject(new StatusError(404))),
    [id],
    (error) =>
      toast.error(
        error instanceof StatusError && error.status === 404
          ? 'Admission not found'
          : 'Failed to fetch admission details',
      ),
  );
  return (
    <article className="print-app" aria-labelledby="screen-title">
      <div className="print-app__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.print()} disabled={!data}>
          Print
        </button>
        <a
          className="btn"
          href={id ? `/admin/admissions/details/${encodeURIComponent(id)}` : '/admin/admissions/panel'}
        >
          Back to the application
        </a>
      </div>
      {!data ? (
        <>
          <h1 id="screen-title">Application for admission</h1>
          <p className="admin-state" role="status">
            {failed ? 'Could not load this application.' : 'Loading...'}
          </p>
        </>
      ) : (
        <Application record={data} />
      )}
    </article>
  );
}

function Application({ record }: { record: Admission }) {
  const band = record.band;
  const inBand = (f: Field) => !('bands' in f) || (f.bands as readonly string[]).includes(band);
  const fields = (fieldsIn(ADMISSION, 'details') as readonly Field[]).filter((f) => f.kind !== 'file' && inBand(f));
  const sections = (Object.keys(SECTION_TITLES) as SectionId[])
    .map((section) => [SECTION_TITLES[section], fields.filter((f) => f.section === section)] as const)
    .filter(([, members]) => members.length > 0);
  const office = fields.filter((f) => !f.section && !AT_TOP.includes(f.name));
  const school = schoolInUse();
  return (
    <>
      <header className="print-app__school">
        <p className="print-app__school-name">{school.name.en}</p>
        <p>{school.address.en}</p>
        <p>{[school.phones.length && `Phone ${school.phones.join(', ')}`, school.email].filter(Boolean).join(' · ')}</p>
      </header>
      <h1 id="screen-title">Application for admission</h1>
      <div className="print-app__top">
        <dl className="print-app__facts">
          <Fact label="Reference number">{record.referenceNumber}</Fact>
          <Fact label="Status">{statusLabel(ADMISSION_WORKFLOW, record.status)}</Fact>
          <Fact label="Session">{record.session}</Fact>
          <Fact label="Submitted on">{formatDateTime(record.createdAt)}</Fact>
        </dl>
        <Photo record={record} />
      </div>
      <div className="print-app__sections">
        {sections.map(([title, members]) => (
          <Section key={title} title={title} rows={fieldRows(members, record)} />
        ))}
        <Section title="Office record" rows={fieldRows(office, record)} />
      </div>
      <Checklist record={record} />
      <section className="print-app__section print-app__signatures" aria-labelledby="print-signatures">
        <h2 id="print-signatures">Signatures</h2>
        <div className="signatures">
          {SIGNATURES.map((who) => (
            <div key={who} className="signature">
              <div className="signature__box" aria-hidden="true" />
              <p className="signature__who">{who}</p>
              <p className="signature__date">
                Date: <span className="signature__line" />
              </p>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{orDash(children)}</dd>
    </div>
  );
}

function Photo({ record }: { record: Admission }) {
  const path = record.studentPhoto;
  const isImage = (record.fileTypes.studentPhoto ?? '').startsWith('image/');
  if (!path || !isImage)
    return (
      <div className="print-app__photo print-app__photo--none">
        {path ? 'Photo is a PDF: see the documents' : 'No photo uploaded'}
      </div>
    );
  return <img className="print-app__photo" src={path} alt="Student photo" />;
}

function Section({ title, rows }: { title: string; rows: [string, string][] }) {
  const id = `print-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="print-app__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl className="print-app__fields">
        {rows.map(([label, text]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{orDash(text)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Checklist({ record }: { record: Admission }) {
  const documents = Object.entries(record.documents ?? {}).filter(([field]) => isFileField(field));
  const order = fieldsIn(ADMISSION, 'details').map((f) => f.name as string);
  documents.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return (
    <section className="print-app__section" aria-labelledby="print-documents">
      <h2 id="print-documents">Documents</h2>
      {documents.length === 0 ? (
        <p>No documents uploaded.</p>
      ) : (
        <table className="print-app__checklist">
          <caption className="visually-hidden">Document checklist</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">State</th>
              <th scope="col">Reason</th>
              <th scope="col">Checked by</th>
            </tr>
          </thead>
          <tbody>
            {documents.map(([field, check]) => (
              <tr key={field}>
                <th scope="row">{isFileField(field) ? fileLabel(field) : field}</th>
                <td data-label="State">{DOCUMENT_STATE_LABELS[check.state] ?? check.state}</td>
                <td data-label="Reason">{orDash(check.reason)}</td>
                <td data-label="Checked by">
                  {check.checkedBy ? `${check.checkedBy}, ${formatDate(check.checkedAt)}` : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
