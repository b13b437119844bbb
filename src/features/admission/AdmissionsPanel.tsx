/** /admin/admissions/panel: admissions with search by name and by class, "Page X of Y". */
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { Pager, ScreenHeader, SearchField, SelectField } from '../../components/admin/ui.tsx';
import { RecordTable } from '../../components/admin/RecordTable.tsx';
import { listColumns, textOf } from '../../components/admin/record-view.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { ADMISSION, type Admission } from './admission.ts';

const FILTERS = ['name', 'class'] as const;
const nameOf = (r: Admission) => textOf(ADMISSION, r, 'Student name');
const COLUMNS = listColumns<Admission>(ADMISSION);

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
