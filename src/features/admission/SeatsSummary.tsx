/**
 * Seats at a glance, for a session: each class's capacity (or no limit), how many are admitted and
 * waitlisted, and all its applications; a full class is marked. Five short columns fit a 360 px
 * phone without scrolling. The seats screen shows it; the admissions list shows SeatsLine, one line
 * of totals linking there.
 */
import { useId, useState } from 'react';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { classText } from '../../lib/classes.ts';
import { isFull, type SeatSummary } from './seats.ts';
import './seats.css';

export const seatsQuery = (session: string) => (session ? `?session=${encodeURIComponent(session)}` : '');

export function SeatsSummary({ initialSession = '' }: { initialSession?: string }) {
  const id = useId();
  const [session, setSession] = useState(initialSession);
  const { data, failed } = useLoad(() => getJson<SeatSummary>(`/admission/seats${seatsQuery(session)}`), [session]);
  const shown = data?.session ?? session;
  return (
    <section className="seats" aria-labelledby={`${id}-title`}>
      <div className="seats__head">
        <h2 id={`${id}-title`}>Seats{shown ? ` for ${shown}` : ''}</h2>
        {data && (
          <div className="seats__session">
            <label htmlFor={`${id}-session`}>Session</label>
            <select id={`${id}-session`} value={data.session} onChange={(e) => setSession(e.target.value)}>
              {data.sessions.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {!data ? (
        <p className="admin-state" role="status">
          {failed ? 'Could not load the seats.' : 'Loading...'}
        </p>
      ) : (
        <table className="seats-table">
          <caption className="visually-hidden">Seats for {data.session} by class</caption>
          <thead>
            <tr>
              <th scope="col">Class</th>
              <th scope="col">Seats</th>
              <th scope="col">Admitted</th>
              <th scope="col">Waitlisted</th>
              <th scope="col">Applied</th>
            </tr>
          </thead>
          <tbody>
            {data.classes.map((c) => {
              const full = isFull(c);
              return (
                <tr key={c.admissionClass} className={full ? 'is-full' : undefined}>
                  <th scope="row">
                    {c.admissionClass}
                    {full && <strong className="seats__full">Full</strong>}
                  </th>
                  <td>{c.capacity ?? 'No limit'}</td>
                  <td>{c.admitted}</td>
                  <td>{c.waitlisted}</td>
                  <td>{c.applications}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The admissions list's line of seats: this session's totals and full classes, linking to the seats screen. */
export function SeatsLine() {
  const { data, failed } = useLoad(() => getJson<SeatSummary>('/admission/seats'), []);
  if (!data)
    return failed ? null : (
      <p className="seats-line" role="status">
        Loading seats...
      </p>
    );
  const total = (key: 'admitted' | 'waitlisted' | 'applications') => data.classes.reduce((sum, c) => sum + c[key], 0);
  const full = data.classes.filter(isFull).map((c) => classText(c.admissionClass));
  return (
    <p className="seats-line">
      <strong>Seats {data.session}:</strong> {total('admitted')} admitted, {total('waitlisted')} waitlisted,{' '}
      {total('applications')} applied;{' '}
      {full.length ? <span className="seats-line__full">full: {full.join(', ')}</span> : 'no class full'}.{' '}
      <a href={`/admin/seats${seatsQuery(data.session)}`}>Seats by class</a>
    </p>
  );
}
