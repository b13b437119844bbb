/** /admin/vacancies/new-vacancy: create; the form clears after a 201. */
import { useState } from 'react';
import { toast } from '../../lib/toast.tsx';
import { adminApi } from '../../lib/admin/admin-api.ts';
import { emptyVacancy, type VacancyValues } from './vacancy-form.ts';
import { VacancyForm } from './VacancyForm.tsx';
import { ScreenHeader } from '../../components/admin/ui.tsx';

export default function VacancyNew() {
  const [values, setValues] = useState<VacancyValues>(emptyVacancy);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  async function create(payload: VacancyValues) {
    setBusy(true);
    try {
      const res = await adminApi('/jobs', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
      if (res.status === 201) {
        toast.success('Job vacancy submitted successfully!');
        setValues(emptyVacancy());
        setFormKey((k) => k + 1);
      } else {
        toast.error('Failed to submit job vacancy');
      }
    } catch {
      toast.error('An error occurred while submitting the job vacancy');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="New Vacancy">
        <a className="btn" href="/admin/vacancies/panel">
          Back to vacancies
        </a>
      </ScreenHeader>
      <VacancyForm
        key={formKey}
        mode="create"
        values={values}
        onChange={setValues}
        onSubmit={create}
        submitLabel="Create Vacancy"
        busy={busy}
      />
    </section>
  );
}
