/** /admin/enquiry/panel: enquiries with search by student name and by admission class, 50 a page. */
import { toast } from 'react-toastify';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { pageFrom, useUrlQuery } from '../../lib/admin/url-query.ts';
import { StatusError, useLoad } from '../../lib/admin/use-load.ts';
import { PAGE_SIZE, type Enquiry } from '../../lib/admin/types.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { orDash } from '../../lib/admin/format.ts';
import { LoadingRow, Pager, ScreenHeader, SearchField, SelectField } from './ui.tsx';
import { useClampPage } from './useClampPage.ts';

const KEYS = ['search', 'class', 'page'] as const;

export default function EnquiryPanel() {
  const [query, update] = useUrlQuery(KEYS);
  const page = pageFrom(query.page);
  const list = useLoad(
    async () => {
      const params = new URLSearchParams({ search: query.search, admissionClass: query.class, page: String(page), limit: String(PAGE_SIZE) });
      const res = await adminApi(`/enquiry?${params}`);
      if (res.status !== 200) throw new StatusError(res.status);
      const data = (await res.json()) as Enquiry[];
      // The answer is the list itself (spec); the total comes in X-Total-Count.
      const total = Number(res.headers.get('X-Total-Count'));
      const totalPages = Number.isFinite(total) && res.headers.has('X-Total-Count') ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : data.length < PAGE_SIZE ? page : page + 1;
      return { data, totalPages };
    },
    [query.search, query.class, page],
    () => toast.error('failed to load enquiries'),
  );
  useClampPage(page, list.data?.totalPages, (p) => update({ page: String(p) }));
  const rows = list.data?.data ?? [];
  const columns = ['Student name', 'Category', 'Admission class', 'Father mobile', 'Referred by', 'Action'];

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Enquiries" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by student name" value={query.search} onCommit={(v) => update({ search: v, page: '1' })} />
        <SelectField label="Search by admission class" value={query.class} allLabel="All classes" options={ALL_CLASSES} onChange={(v) => update({ class: v, page: '1' })} />
      </div>
      <div className="table-wrap">
        <table className="admin-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Enquiries</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
          </thead>
          <tbody>
            {list.loading && !list.data ? (
              <LoadingRow colSpan={columns.length} />
            ) : rows.length === 0 ? (
              <LoadingRow colSpan={columns.length} text={list.failed ? 'Could not load the enquiries.' : 'No enquiries found.'} />
            ) : (
              rows.map((r) => (
                <tr key={r._id}>
                  <td data-label="Student name">{orDash(r.studentName)}</td>
                  <td data-label="Category">{orDash(r.category)}</td>
                  <td data-label="Admission class">{orDash(r.admissionClass)}</td>
                  <td data-label="Father mobile">{orDash(r.fatherMobile)}</td>
                  <td data-label="Referred by">{orDash(r.referredBy)}</td>
                  <td data-label="Action">
                    <a className="btn btn--small" href={`/admin/enquiry/details/${encodeURIComponent(r._id)}`} aria-label={`View enquiry of ${r.studentName}`}>View</a>
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
