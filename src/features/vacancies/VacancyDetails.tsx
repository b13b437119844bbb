/** /admin/vacancies/details/{vacancy}: edit with Save (reloads the record), Back and Delete (always back to the panel). */
import { useEffect, useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { flashToast, goBackToPanel, replaceWithPanel } from '../../lib/admin/navigation.ts';
import { formatDateTime } from '../../lib/dates.ts';
import type { Vacancy } from './vacancy.ts';
import type { VacancyValues } from './vacancy-form.ts';
import { useDetails } from '../../components/admin/useDetails.ts';
import { VacancyForm } from './VacancyForm.tsx';
import { Loading, ScreenHeader } from '../../components/admin/ui.tsx';

const PANEL = '/admin/vacancies/panel';

const toValues = (v: Vacancy): VacancyValues => ({
  jobTitle: v.jobTitle ?? '',
  jobDescription: v.jobDescription ?? '',
  employmentType: v.employmentType ?? '',
  keyResponsibilities: [...(v.keyResponsibilities ?? [])],
  qualificationsAndRequirements: [...(v.qualificationsAndRequirements ?? [])],
});

export default function VacancyDetails() {
  const { id, record, reload } = useDetails<Vacancy>('jobs', PANEL, 'Failed to fetch vacancy');
  // null until the record is in the form: the form never shows empty fields for a moment.
  const [values, setValues] = useState<VacancyValues | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (record) setValues(toValues(record));
  }, [record]);

  async function save(payload: VacancyValues) {
    if (!id) return;
    setBusy(true);
    try {
      const res = await adminApi(`/jobs/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (res.status === 200) {
        toast.success('Job vacancy Updated successfully!');
        reload();
      } else {
        toast.error('Failed to update job vacancy');
      }
    } catch {
      toast.error('Failed to update job vacancy');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!id) return;
    setBusy(true);
    try {
      const res = await adminApi(`/jobs/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      flashToast('success', 'Job vacancy deleted successfully!', DELETE_TOAST_AUTO_CLOSE);
    } catch {
      flashToast('error', 'An error occurred while deleting the job vacancy', DELETE_TOAST_AUTO_CLOSE);
    }
    // Whatever the outcome: a failed delete leaves the vacancy in the list, where the office sees it.
    replaceWithPanel(PANEL);
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Edit Vacancy" />
      {!record || !values ? (
        <Loading />
      ) : (
        <>
          <p className="hint">Last updated {formatDateTime(record.updatedAt)}</p>
          <VacancyForm
            mode="edit"
            values={values}
            onChange={setValues}
            onSubmit={save}
            submitLabel="Save"
            busy={busy}
            actions={
              <>
                <button type="button" className="btn" onClick={() => goBackToPanel(PANEL)}>
                  Back
                </button>
                <button type="button" className="btn btn--danger" disabled={busy} onClick={remove}>
                  Delete
                </button>
              </>
            }
          />
        </>
      )}
    </section>
  );
}
