/**
 * The register as a table: admission number, name (and the Devanagari one), class and section,
 * father's name, date of birth and status, 50 a page, found by a name or an admission number and
 * narrowed by class, section and status (all kept in the URL, as the other lists keep theirs).
 * Export links carry the same filters.
 */
import { API_BASE } from '../../lib/api-client.ts';
import { getJson } from '../../lib/admin/admin-api.ts';
import { formatDate } from '../../lib/dates.ts';
import { ALL_CLASSES, classText } from '../../lib/classes.ts';
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { Pager, SearchField, SelectField } from '../../components/admin/ui.tsx';
import { RecordTable, type Column } from '../../components/admin/RecordTable.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { PUPIL_STATUSES, pupilName, type Pupil } from './pupil.ts';

const FILTERS = ['search', 'class', 'section', 'status'] as const;
type FilterKey = (typeof FILTERS)[number];

const statusText = (status: string) => (status === 'left' ? 'Left' : 'Studying');

/** A class and its section as a register writes them: '5-A', or the class alone. */
export const classSection = (p: Pick<Pupil, 'class' | 'section'>) => (p.section ? `${p.class}-${p.section}` : p.class);

const COLUMNS: Column<Pupil>[] = [
  { label: 'Adm. no.', render: (p) => p.admissionNumber },
  {
    label: 'Name',
    render: (p) => (
      <>
        {pupilName(p)}
        {p.nameHi && (
          <span className="register-name-hi" lang="hi">
            {p.nameHi}
          </span>
        )}
      </>
    ),
  },
  { label: 'Class', render: (p) => classSection(p) },
  { label: "Father's name", render: (p) => p.fatherName || '—' },
  { label: 'Date of birth', render: (p) => formatDate(p.dateOfBirth) || '—' },
  {
    label: 'Status',
    render: (p) => (
      <span className={`status-badge status-badge--${p.status === 'left' ? 'closed' : 'studying'}`}>
        {p.status === 'left' && p.leftOn ? `Left on ${formatDate(p.leftOn)}` : statusText(p.status)}
      </span>
    ),
  },
];

/** The list's filters as the API (and its exports) take them. */
function paramsOf(values: Record<FilterKey, string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTERS) if (values[key]) params.set(key, values[key]);
  return params;
}

export function PupilList() {
  const { filters, setFilter, table, pager } = usePagedList<FilterKey, Pupil>(
    FILTERS,
    (values, page) => {
      const params = paramsOf(values);
      params.set('page', String(page));
      params.set('limit', String(PAGE_SIZE));
      return getJson<Paged<Pupil>>(`/register?${params}`);
    },
    'Failed to load the register',
  );
  const exported = paramsOf(filters).toString();
  return (
    <>
      <div className="admin-filters" role="search">
        <SearchField
          label="Search by name or admission number"
          value={filters.search}
          onCommit={(v) => setFilter('search', v)}
        />
        <SelectField
          label="Class"
          value={filters.class}
          allLabel="All classes"
          options={ALL_CLASSES}
          optionText={classText}
          onChange={(v) => setFilter('class', v)}
        />
        <SearchField label="Section" value={filters.section} onCommit={(v) => setFilter('section', v.toUpperCase())} />
        <SelectField
          label="Status"
          value={filters.status}
          allLabel="Studying and left"
          options={PUPIL_STATUSES}
          optionText={statusText}
          onChange={(v) => setFilter('status', v)}
        />
      </div>
      <p className="admin-actions register-exports">
        <a className="btn btn--small" href={`${API_BASE}/register/export.csv?${exported}`} download>
          Export CSV
        </a>
        <a className="btn btn--small" href={`${API_BASE}/register/export.xlsx?${exported}`} download>
          Export Excel (.xlsx)
        </a>
      </p>
      <RecordTable
        {...table}
        caption="Pupils of the register"
        columns={COLUMNS}
        emptyText="No pupils found."
        failedText="Could not load the register."
        detailsPath="/admin/register/details/"
        linkLabel={(p) => `View ${pupilName(p)}, admission number ${p.admissionNumber}`}
      />
      <Pager {...pager} />
    </>
  );
}
