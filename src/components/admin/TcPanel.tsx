/** /admin/tc-requests/panel: TC requests with search by student name and admission number, 50 a page. */
import { toast } from 'react-toastify';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { pageFrom, useUrlQuery } from '../../lib/admin/url-query.ts';
import { StatusError, useLoad } from '../../lib/admin/use-load.ts';
import { PAGE_SIZE, type Paged, type TcRequest } from '../../lib/admin/types.ts';
import { LoadingRow, Pager, ScreenHeader, SearchField } from './ui.tsx';
import { orDash } from '../../lib/admin/format.ts';
import { useClampPage } from './useClampPage.ts';

const KEYS = ['search', 'admissionNumber', 'page'] as const;

export default function TcPanel() {
  const [query, update] = useUrlQuery(KEYS);
  const page = pageFrom(query.page);
  const list = useLoad(
    async () => {
      const params = new URLSearchParams({ search: query.search, admissionNumber: query.admissionNumber, page: String(page), limit: String(PAGE_SIZE) });
      const res = await adminApi(`/tc-request?${params}`);
      if (res.status !== 200) throw new StatusError(res.status);
      return (await res.json()) as Paged<TcRequest>;
    },
    [query.search, query.admissionNumber, page],
    () => toast.error('failed to load requests'),
  );
  useClampPage(page, list.data?.totalPages, (p) => update({ page: String(p) }));
  const rows = list.data?.data ?? [];
  const columns = ['Student name', 'Admission number', 'Contact', 'Email', 'Payment status', 'Action'];

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="TC Requests" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by student name" value={query.search} onCommit={(v) => update({ search: v, page: '1' })} />
        <SearchField label="Search by admission number" value={query.admissionNumber} onCommit={(v) => update({ admissionNumber: v, page: '1' })} />
      </div>
      <div className="table-wrap">
        <table className="admin-table" aria-busy={list.loading}>
          <caption className="visually-hidden">TC requests</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
          </thead>
          <tbody>
            {list.loading && !list.data ? (
              <LoadingRow colSpan={columns.length} />
            ) : rows.length === 0 ? (
              <LoadingRow colSpan={columns.length} text={list.failed ? 'Could not load the requests.' : 'No TC requests found.'} />
            ) : (
              rows.map((r) => (
                <tr key={r._id}>
                  <td data-label="Student name">{orDash(r.studentName)}</td>
                  <td data-label="Admission number">{orDash(r.admissionNumber)}</td>
                  <td data-label="Contact">{orDash(r.contact)}</td>
                  <td data-label="Email" className="cell-wrap">{orDash(r.email)}</td>
                  <td data-label="Payment status">{orDash(r.paymentStatus)}</td>
                  <td data-label="Action">
                    <a className="btn btn--small" href={`/admin/tc-requests/details/${encodeURIComponent(r._id)}`} aria-label={`View TC request of ${r.studentName}`}>View</a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={list.data?.totalPages ?? page} busy={list.loading} onPage={(p) => update({ page: String(p) })} />
    </section>
  );
}
