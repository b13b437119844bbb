/** /admin/enquiry/panel: enquiries with search by student name and by admission class, 50 a page. */
import { adminApi } from '../../lib/admin/admin-api.ts';
import type { Query } from '../../lib/admin/url-query.ts';
import { StatusError } from '../../lib/admin/use-load.ts';
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { Pager, ScreenHeader, SearchField, SelectField } from '../../components/admin/ui.tsx';
import { RecordTable } from '../../components/admin/RecordTable.tsx';
import { listColumns } from '../../components/admin/record-view.tsx';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { ENQUIRY, type Enquiry } from './enquiry.ts';

const FILTERS = ['search', 'class'] as const;
const COLUMNS = listColumns<Enquiry>(ENQUIRY);

async function loadEnquiries(q: Query<(typeof FILTERS)[number]>, page: number): Promise<Paged<Enquiry>> {
  const params = new URLSearchParams({ search: q.search, admissionClass: q.class, page: String(page), limit: String(PAGE_SIZE) });
  const res = await adminApi(`/enquiry?${params}`);
  if (res.status !== 200) throw new StatusError(res.status);
  const data = (await res.json()) as Enquiry[];
  // The answer is the list itself; the total comes in X-Total-Count.
  const total = Number(res.headers.get('X-Total-Count'));
  const totalPages = Number.isFinite(total) && res.headers.has('X-Total-Count') ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : data.length < PAGE_SIZE ? page : page + 1;
  return { data, totalPages };
}

export default function EnquiryPanel() {
  const { filters, setFilter, table, pager } = usePagedList(FILTERS, loadEnquiries, 'failed to load enquiries');

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Enquiries" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by student name" value={filters.search} onCommit={(v) => setFilter('search', v)} />
        <SelectField label="Search by admission class" value={filters.class} allLabel="All classes" options={ALL_CLASSES} onChange={(v) => setFilter('class', v)} />
      </div>
      <RecordTable
        {...table}
        caption="Enquiries"
        columns={COLUMNS}
        emptyText="No enquiries found."
        failedText="Could not load the enquiries."
        detailsPath="/admin/enquiry/details/"
        linkLabel={(r) => `View enquiry of ${r.studentName}`}
      />
      <Pager {...pager} />
    </section>
  );
}
