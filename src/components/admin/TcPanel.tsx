/** /admin/tc-requests/panel: TC requests with search by student name and admission number, 50 a page. */
import { PAGE_SIZE, type Paged, type TcRequest } from '../../lib/admin/types.ts';
import { orDash } from '../../lib/admin/format.ts';
import { Pager, ScreenHeader, SearchField } from './ui.tsx';
import { RecordTable, type Column } from './RecordTable.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { usePagedList } from './usePagedList.ts';

const FILTERS = ['search', 'admissionNumber'] as const;
const COLUMNS: Column<TcRequest>[] = [
  { label: 'Student name', render: (r) => orDash(r.studentName) },
  { label: 'Admission number', render: (r) => orDash(r.admissionNumber) },
  { label: 'Contact', render: (r) => orDash(r.contact) },
  { label: 'Email', render: (r) => orDash(r.email), className: 'cell-wrap' },
  { label: 'Payment status', render: (r) => orDash(r.paymentStatus) },
];

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
