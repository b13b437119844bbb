/** /admin/vacancies/panel: every vacancy, a New Vacancy button and a Details link each. */
import { toast } from '../../lib/toast.tsx';
import { useLoad } from '../../lib/admin/use-load.ts';
import { formatDate } from '../../lib/dates.ts';
import { VACANCY, type Vacancy } from './vacancy.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { RecordTable, type Column } from '../../components/admin/RecordTable.tsx';
import { listColumns } from '../../components/admin/record-view.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';

const COLUMNS: Column<Vacancy>[] = [
  ...listColumns<Vacancy>(VACANCY),
  { label: 'Updated', render: (v) => formatDate(v.updatedAt) },
];

export default function VacanciesPanel() {
  const list = useLoad(
    () => getJson<Vacancy[]>('/jobs'),
    [],
    () => toast.error('Failed to fetch vacancies'),
  );
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Vacancies">
        <a className="btn btn--primary" href="/admin/vacancies/new-vacancy">
          New Vacancy
        </a>
      </ScreenHeader>
      <RecordTable
        caption="Vacancies"
        columns={COLUMNS}
        rows={list.data}
        loading={list.loading}
        failed={list.failed}
        emptyText="No vacancies yet."
        failedText="Could not load the vacancies."
        detailsPath="/admin/vacancies/details/"
        linkLabel={(v) => `Details of ${v.jobTitle}`}
        linkText="Details"
      />
    </section>
  );
}
