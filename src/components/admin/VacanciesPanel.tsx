/** /admin/vacancies/panel: every vacancy, a New Vacancy button and a Details link each. */
import { toast } from 'react-toastify';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { StatusError, useLoad } from '../../lib/admin/use-load.ts';
import { formatDate, orDash } from '../../lib/admin/format.ts';
import type { Vacancy } from '../../lib/admin/types.ts';
import { LoadingRow, ScreenHeader } from './ui.tsx';

export default function VacanciesPanel() {
  const list = useLoad(
    async () => {
      const res = await adminApi('/jobs');
      if (res.status !== 200) throw new StatusError(res.status);
      return (await res.json()) as Vacancy[];
    },
    [],
    () => toast.error('Failed to fetch vacancies'),
  );
  const rows = list.data ?? [];
  const columns = ['Job title', 'Employment type', 'Updated', 'Action'];
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Vacancies">
        <a className="btn btn--primary" href="/admin/vacancies/new-vacancy">New Vacancy</a>
      </ScreenHeader>
      <div className="table-wrap">
        <table className="admin-table" aria-busy={list.loading}>
          <caption className="visually-hidden">Vacancies</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
          </thead>
          <tbody>
            {list.loading && !list.data ? (
              <LoadingRow colSpan={columns.length} />
            ) : rows.length === 0 ? (
              <LoadingRow colSpan={columns.length} text={list.failed ? 'Could not load the vacancies.' : 'No vacancies yet.'} />
            ) : (
              rows.map((v) => (
                <tr key={v._id}>
                  <td data-label="Job title">{orDash(v.jobTitle)}</td>
                  <td data-label="Employment type">{orDash(v.employmentType)}</td>
                  <td data-label="Updated">{formatDate(v.updatedAt)}</td>
                  <td data-label="Action">
                    <a className="btn btn--small" href={`/admin/vacancies/details/${encodeURIComponent(v._id)}`} aria-label={`Details of ${v.jobTitle}`}>Details</a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
