/**
 * /admin/seats?session=2027-28: the principal sets each class's capacity for a session (empty: no
 * limit) beside how many are admitted and have applied, and saves them all at once.
 * Office staff see the seats summary only. The admissions list links here (SeatsLine).
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { toast } from '../../lib/toast.tsx';
import { getJson } from '../../lib/admin/admin-api.ts';
import { saveForm } from '../../lib/admin/save-form.ts';
import { useUrlQuery } from '../../lib/admin/url-query.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { classText } from '../../lib/classes.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { SeatsSummary, seatsQuery } from './SeatsSummary.tsx';
import { MAX_CAPACITY, type SeatCapacities, type SeatSummary } from './seats.ts';

const CAPACITY_TEXT = `Enter a whole number from 0 to ${MAX_CAPACITY}, or leave it empty for no limit.`;

export default function SeatsScreen() {
  const principal = useIsPrincipal();
  const [query, update] = useUrlQuery(['session'] as const);
  return (
    <section aria-labelledby="screen-title">
      <ScreenHeader title="Seats">
        <a className="btn" href="/admin/admissions/panel">
          Admissions
        </a>
      </ScreenHeader>
      {principal ? (
        <SeatsEditor session={query.session} onSession={(session) => update({ session })} />
      ) : (
        <>
          <p>Only the principal can change the seats.</p>
          <SeatsSummary initialSession={query.session} />
        </>
      )}
    </section>
  );
}

/** A capacity as typed: '' is no limit; anything but a whole number in range is undefined (refused). */
function capacityOf(text: string): number | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n <= MAX_CAPACITY ? n : undefined;
}

function SeatsEditor({ session, onSession }: { session: string; onSession: (session: string) => void }) {
  const id = useId();
  const loaded = useLoad(
    async () => {
      const [capacities, summary] = await Promise.all([
        getJson<SeatCapacities>(`/seats${seatsQuery(session)}`),
        getJson<SeatSummary>(`/admission/seats${seatsQuery(session)}`),
      ]);
      return { capacities, summary };
    },
    [session],
    () => toast.error('Failed to load the seats'),
  );
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!loaded.data) return;
    setTyped(
      Object.fromEntries(
        loaded.data.capacities.seats.map((s) => [s.admissionClass, s.capacity === null ? '' : String(s.capacity)]),
      ),
    );
    setErrors({});
  }, [loaded.data]);

  if (!loaded.data)
    return (
      <p className="admin-state" role="status">
        {loaded.failed ? 'Could not load the seats.' : 'Loading...'}
      </p>
    );
  const { capacities, summary } = loaded.data;
  const counts = new Map(summary.classes.map((c) => [c.admissionClass, c]));

  async function save(event: SubmitEvent) {
    event.preventDefault();
    if (busy) return;
    const seats = capacities.seats.map((s) => ({
      admissionClass: s.admissionClass,
      capacity: capacityOf(typed[s.admissionClass] ?? ''),
    }));
    const wrong = Object.fromEntries(
      seats.filter((s) => s.capacity === undefined).map((s) => [s.admissionClass, CAPACITY_TEXT]),
    );
    setErrors(wrong);
    if (Object.keys(wrong).length) {
      toast.error('Some capacities are not right: see the marked classes.');
      return;
    }
    const saved = await saveForm({
      path: '/seats',
      method: 'PUT',
      body: { session: capacities.session, seats },
      setErrors,
      setBusy,
      done: `Seats for ${capacities.session} saved`,
      failed: 'Failed to save the seats',
    });
    if (saved) loaded.reload();
  }

  return (
    <form className="seats seats-editor" onSubmit={save} noValidate aria-labelledby={`${id}-title`}>
      <div className="seats__head">
        <h2 id={`${id}-title`}>Seats for {capacities.session}</h2>
        <div className="seats__session">
          <label htmlFor={`${id}-session`}>Session</label>
          <select id={`${id}-session`} value={capacities.session} onChange={(e) => onSession(e.target.value)}>
            {capacities.sessions.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="hint">Leave a class empty for no limit. Admitting beyond a full class needs the principal.</p>
      {errors.seats && (
        <p className="form-error" role="alert">
          {errors.seats}
        </p>
      )}
      <table className="seats-table">
        <caption className="visually-hidden">Capacity of each class for {capacities.session}</caption>
        <thead>
          <tr>
            <th scope="col">Class</th>
            <th scope="col">Admitted</th>
            <th scope="col">Applied</th>
            <th scope="col">Seats</th>
          </tr>
        </thead>
        <tbody>
          {capacities.seats.map(({ admissionClass }) => {
            const inputId = `${id}-${admissionClass}`;
            const error = errors[admissionClass];
            const c = counts.get(admissionClass);
            return (
              <tr key={admissionClass}>
                <th scope="row">{classText(admissionClass)}</th>
                <td>{c?.admitted ?? 0}</td>
                <td>{c?.applications ?? 0}</td>
                <td>
                  <label htmlFor={inputId} className="visually-hidden">
                    Seats in {classText(admissionClass)}
                  </label>
                  <input
                    id={inputId}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_CAPACITY}
                    step={1}
                    placeholder="No limit"
                    value={typed[admissionClass] ?? ''}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                    onChange={(e) => setTyped((t) => ({ ...t, [admissionClass]: e.target.value }))}
                  />
                  {error && (
                    <p id={`${inputId}-error`} className="field-error">
                      {error}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save seats'}
        </button>
      </p>
    </form>
  );
}
