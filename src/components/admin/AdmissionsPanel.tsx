/** /admin/admissions/panel: admissions with search by name and by class, "Page X of Y". */
import { toast } from 'react-toastify';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { pageFrom, useUrlQuery } from '../../lib/admin/url-query.ts';
import { StatusError, useLoad } from '../../lib/admin/use-load.ts';
import { PAGE_SIZE, fullName, type Admission, type Paged } from '../../lib/admin/types.ts';
import { ALL_CLASSES } from '../../lib/classes.ts';
import { orDash } from '../../lib/admin/format.ts';
import { LoadingRow, Pager, ScreenHeader, SearchField, SelectField } from './ui.tsx';
import { useClampPage } from './useClampPage.ts';

const KEYS = ['name', 'class', 'page'] as const;

export default function AdmissionsPanel() {
  const [query, update] = useUrlQuery(KEYS);
  const page = pageFrom(query.page);
  const list = useLoad(
    async () => {
      const params = new URLSearchParams({ page: String(page), searchName: query.name, searchClass: query.class, limit: String(PAGE_SIZE) });
      const res = await adminApi(`/admission?${params}`);
      if (res.status !== 200) throw new StatusError(res.status);
      return (await res.json()) as Paged<Admission>;
    },
    [query.name, query.class, page],
    () => toast.error('Failed to load admissions'),
  );
  useClampPage(page, list.data?.totalPages, (p) => update({ page: String(p) }));
  const rows = list.data?.data ?? [];
  const columns = ['Name', 'Admission class', 'ABC ID', 'Contact', 'Payment status', 'Action'];

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Admissions" />
      <div className="admin-filters" role="search">
        <SearchField label="Search by name" value={query.name} onCommit={(v) => update({ name: v, page: '1' })} />
        <SelectField label="Search by class" value={query.class} allLabel="All classes" options={ALL_CLASSES} onChange={(v) => update({ class: v, page: '1' })} />
      </div>
      <div className="table-wrap">
        <table className="admin-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Admissions</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
          </thead>
          <tbody>
            {list.loading && !list.data ? (
              <LoadingRow colSpan={columns.length} />
            ) : rows.length === 0 ? (
              <LoadingRow colSpan={columns.length} text={list.failed ? 'Could not load the admissions.' : 'No admissions found.'} />
            ) : (
              rows.map((r) => {
                const name = fullName(r.studentFirstName, r.studentMiddleName, r.studentLastName);
                return (
                  <tr key={r._id}>
                    <td data-label="Name">{orDash(name)}</td>
                    <td data-label="Admission class">{orDash(r.admissionClass)}</td>
                    <td data-label="ABC ID">{orDash(r.abcId)}</td>
                    <td data-label="Contact">{orDash(r.contactNo)}</td>
                    <td data-label="Payment status">{orDash(r.paymentStatus)}</td>
                    <td data-label="Action">
                      <a className="btn btn--small" href={`/admin/admissions/details/${encodeURIComponent(r._id)}`} aria-label={`View admission of ${name}`}>View</a>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={list.data?.totalPages ?? page} busy={list.loading} onPage={(p) => update({ page: String(p) })} />
    </section>
  );
}
