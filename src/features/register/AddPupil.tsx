/**
 * "Add pupil": the office enters a pupil by hand (one who came before the online desk, or from
 * another register) in a dialog. The admission number may be left blank: the school's series
 * gives the next one, as it does for an application marked Admitted. POST /v1/api/register; a
 * refusal marks its fields.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { dateInIndia } from '../../lib/dates.ts';
import { academicSessionOn } from '../../lib/sessions.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { PupilInput } from './PupilInput.tsx';
import { PUPIL_FORM, PUPIL_REQUIRED, emptyPupil, validatePupil, type PupilField } from './schema.ts';
import { pupilName, type Pupil } from './pupil.ts';
import { seriesExample, type SeriesSettings } from './SeriesView.tsx';

/** The boxes of the form: the register's form fields, in the order a clerk copies them from the paper register. */
const BOXES = PUPIL_FORM.map((f) => f.name as PupilField);
// The class on admission is required of the pupil, but the form fills it from the class now when left blank.
const REQUIRED = new Set<string>(PUPIL_REQUIRED.filter((f) => f !== 'classOnAdmission'));

const emptyValues = (): Record<string, string> => ({
  ...emptyPupil(),
  admittedOn: dateInIndia(),
  // The school year now (a pupil entered by hand is on the register now, not an admission for the next one).
  session: academicSessionOn(dateInIndia()),
});

/** The body of POST /v1/api/register: the class on admission is the class now unless the office typed one. */
function bodyOf(v: Record<string, string>) {
  const body: Record<string, string> = Object.fromEntries(BOXES.map((b) => [b, (v[b] ?? '').trim()]));
  if (!body.classOnAdmission) {
    body.classOnAdmission = body.class ?? '';
    body.sectionOnAdmission ||= body.section ?? '';
  }
  body.section = (body.section ?? '').toUpperCase();
  body.sectionOnAdmission = (body.sectionOnAdmission ?? '').toUpperCase();
  return body;
}

export function AddPupil({ onAdded }: { onAdded: (pupil: Pupil) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
        Add pupil
      </button>
      {open && (
        <AddPupilDialog
          onClose={() => setOpen(false)}
          onAdded={(pupil) => {
            setOpen(false);
            onAdded(pupil);
          }}
        />
      )}
    </>
  );
}

function AddPupilDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (pupil: Pupil) => void }) {
  const id = useId();
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const series = useLoad(() => getJson<SeriesSettings>('/register/series'), []);
  const next = series.data ? seriesExample(series.data.admission, series.data.admission.nextNumber) : undefined;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const saved = await saveForm<Pupil>({
      path: '/register',
      method: 'POST',
      body: bodyOf(values),
      check: validatePupil,
      setErrors,
      focus: (field) => document.getElementById(`${id}-${field}`)?.focus(),
      setBusy,
      done: 'Pupil added to the register',
      failed: 'The pupil could not be added',
    });
    if (saved) {
      toast.info(`${pupilName(saved)}: admission number ${saved.admissionNumber}`);
      onAdded(saved);
    }
  }

  return (
    <Dialog open onClose={onClose} labelledBy={`${id}-title`} closeOnBackdrop={false} className="register-dialog">
      <form onSubmit={submit} className="ff-form" noValidate>
        <h2 id={`${id}-title`} className="ui-dialog__title">
          Add a pupil to the register
        </h2>
        <div className="register-grid">
          {BOXES.map((name) => (
            <PupilInput
              key={name}
              form={id}
              name={name}
              value={values[name] ?? ''}
              onChange={(v) => setValues((all) => ({ ...all, [name]: v }))}
              error={errors[name]}
              required={REQUIRED.has(name)}
              hint={
                name === 'admissionNumber'
                  ? next
                    ? `Leave blank for the next number of the series: ${next}`
                    : 'Leave blank for the next number of the series'
                  : name === 'classOnAdmission'
                    ? 'Leave blank when it is the class now'
                    : undefined
              }
            />
          ))}
        </div>
        <div className="admin-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Adding...' : 'Add pupil'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
