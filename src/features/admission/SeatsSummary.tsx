/**
 * Seats at a glance, for a session: each class's capacity (or no limit), how many are admitted and
 * waitlisted, and all its applications; a full class is marked. Five short columns fit a 360 px
 * phone without scrolling. A principal gets a link to change the seats.
 */
import { useId, useState } from 'react';
import { getJson } from '../../lib/admin/admin-api.ts';
import { useLoad } from '../../lib/admin/use-load.ts';
import { useIsPrincipal } from '../../components/admin/session.tsx';
import { isFull, type SeatSummary } from './seats.ts';
import './seats.css';

export const seatsQuery = (session: string) => (session ? `?session=${encodeURIComponent(session)}` : '');

export function SeatsSummary({ initialSession = '' }: { initialSession?: string }) {
  const id = useId();
  const principal = useIsPrincipal();
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
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </div>
        )}
        {principal && data && <a className="btn btn--small" href={`/admin/seats${seatsQuery(data.session)}`}>Change seats</a>}
      </div>
      {!data ? (
        <p className="admin-state" role="status">{failed ? 'Could not load the seats.' : 'Loading...'}</p>
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
