/** /admin/admissions/panel: admissions with search by name and by class, "Page X of Y". */
import { PAGE_SIZE, fullName, type Admission, type Paged } from '../../lib/admin/types.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { orDash } from '../../lib/admin/format.ts';
import { Pager, ScreenHeader, SearchField, SelectField } from './ui.tsx';
import { RecordTable, type Column } from './RecordTable.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { usePagedList } from './usePagedList.ts';

const FILTERS = ['name', 'class'] as const;
const nameOf = (r: Admission) => fullName(r.studentFirstName, r.studentMiddleName, r.studentLastName);
const COLUMNS: Column<Admission>[] = [
  { label: 'Name', render: (r) => orDash(nameOf(r)) },
  { label: 'Admission class', render: (r) => orDash(r.admissionClass) },
  { label: 'ABC ID', render: (r) => orDash(r.abcId) },
  { label: 'Contact', render: (r) => orDash(r.contactNo) },
  { label: 'Payment status', render: (r) => orDash(r.paymentStatus) },
];

export default function AdmissionsPanel() {
  const { filters, setFilter, table, pager } = usePagedList(
    FILTERS,
    (q, page) => getJson<Paged<Admission>>(`/admission?${new URLSearchParams({ page: String(page), searchName: q.name, searchClass: q.class, limit: String(PAGE_SIZE) })}`),
    'Failed to load admissions',
  );

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Admissions" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by name" value={filters.name} onCommit={(v) => setFilter('name', v)} />
        <SelectField label="Search by class" value={filters.class} allLabel="All classes" options={ALL_CLASSES} onChange={(v) => setFilter('class', v)} />
      </div>
      <RecordTable
        {...table}
        caption="Admissions"
        columns={COLUMNS}
        emptyText="No admissions found."
        failedText="Could not load the admissions."
        detailsPath="/admin/admissions/details/"
        linkLabel={(r) => `View admission of ${nameOf(r)}`}
      />
      <Pager {...pager} />
    </section>
  );
}
