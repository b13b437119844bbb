/** /admin/tc-requests/panel: TC requests with search by student name and admission number, 50 a page. */
import { PAGE_SIZE, type Paged } from '../../lib/record.ts';
import { Pager, ScreenHeader, SearchField } from '../../components/admin/ui.tsx';
import { RecordTable } from '../../components/admin/RecordTable.tsx';
import { listColumns } from '../../components/admin/record-view.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { usePagedList } from '../../components/admin/usePagedList.ts';
import { TC_REQUEST, type TcRequest } from './tc-request.ts';

const FILTERS = ['search', 'admissionNumber'] as const;
const COLUMNS = listColumns<TcRequest>(TC_REQUEST);

export default function TcPanel() {
  const { filters, setFilter, table, pager } = usePagedList(
    FILTERS,
    (q, page) => getJson<Paged<TcRequest>>(`/tc-request?${new URLSearchParams({ search: q.search, admissionNumber: q.admissionNumber, page: String(page), limit: String(PAGE_SIZE) })}`),
    'failed to load requests',
  );

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="TC Requests" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by student name" value={filters.search} onCommit={(v) => setFilter('search', v)} />
        <SearchField label="Search by admission number" value={filters.admissionNumber} onCommit={(v) => setFilter('admissionNumber', v)} />
      </div>
      <RecordTable
        {...table}
        caption="TC requests"
        columns={COLUMNS}
        emptyText="No TC requests found."
        failedText="Could not load the requests."
        detailsPath="/admin/tc-requests/details/"
        linkLabel={(r) => `View TC request of ${r.studentName}`}
      />
      <Pager {...pager} />
    </section>
  );
}
