/**
 * /vacancies: a grid of job cards (title, description, updated date); Read More opens a modal with
 * every field and the school's contact block. Space is reserved while loading (no layout shift).
 */
import { useEffect, useId, useState } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import type { Vacancy } from './vacancy.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import '../../components/ui/board.css';

export interface ContactProps {
  phone: string;
  secondPhone: string;
  email: string;
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; jobs: Vacancy[] };

export default function VacanciesBoard({ contact }: { contact: ContactProps }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState<Vacancy>();

  useEffect(() => {
    api('/jobs')
      .then(async (res) => {
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        setState({ status: 'ready', jobs: (await res.json()) as Vacancy[] });
      })
      .catch(() => {
        setState({ status: 'failed' });
        toast.error('Failed to fetch vacancies');
      });
  }, []);

  return (
    <div className="board" aria-busy={state.status === 'loading'}>
      <Toasts />
      {state.status === 'loading' && (
        <div className="job-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="job-card job-card--skeleton" />
          ))}
          <p className="visually-hidden" role="status">Loading vacancies...</p>
        </div>
      )}
      {state.status === 'failed' && <p className="board__message" role="alert">Failed to fetch vacancies. Please try again later.</p>}
      {state.status === 'ready' && state.jobs.length === 0 && (
        <div className="board__message">
          <p><strong>There are no open vacancies right now.</strong></p>
          <p>Please check again later, or send your CV to <a href={`mailto:${contact.email}`}>{contact.email}</a>.</p>
        </div>
      )}
      {state.status === 'ready' && state.jobs.length > 0 && (
        <ul className="job-grid">
          {state.jobs.map((job) => (
            <li key={job._id} className="job-card">
              <h2 className="job-card__title">{job.jobTitle}</h2>
              <p className="job-card__type">{job.employmentType}</p>
              <p className="job-card__desc">{job.jobDescription}</p>
              <p className="job-card__date">Updated <time dateTime={job.updatedAt}>{formatDate(job.updatedAt)}</time></p>
              <button type="button" className="job-card__more" aria-haspopup="dialog" onClick={() => setOpen(job)}>
                Read More<span className="visually-hidden"> about {job.jobTitle}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <VacancyModal job={open} contact={contact} onClose={() => setOpen(undefined)} />
    </div>
  );
}

function VacancyModal({ job, contact, onClose }: { job?: Vacancy; contact: ContactProps; onClose: () => void }) {
  const id = useId();
  const subject = job ? `Application for ${job.jobTitle}` : '';
  return (
    <Dialog open={!!job} onClose={onClose} labelledBy={`${id}-title`} className="job-modal">
      {job && (
        <>
          <button type="button" className="ui-dialog__close" aria-label="Close" onClick={onClose}>×</button>
          <h2 id={`${id}-title`} className="ui-dialog__title">{job.jobTitle}</h2>
          <p className="job-modal__meta">
            <span className="job-modal__type">{job.employmentType}</span> · Posted <time dateTime={job.createdAt}>{formatDate(job.createdAt)}</time>
          </p>
          <p className="job-modal__desc">{job.jobDescription}</p>
          <h3>Key responsibilities</h3>
          <ul>{job.keyResponsibilities.map((r, i) => <li key={i}>{r}</li>)}</ul>
          <h3>Qualifications and requirements</h3>
          <ul>{job.qualificationsAndRequirements.map((q, i) => <li key={i}>{q}</li>)}</ul>
          <dl className="job-modal__facts">
            <dt>Employment type</dt>
            <dd>{job.employmentType}</dd>
            <dt>Posted on</dt>
            <dd>{formatDate(job.createdAt)}</dd>
          </dl>
          <section className="job-modal__contact" aria-labelledby={`${id}-contact`}>
            <h3 id={`${id}-contact`}>How to apply</h3>
            <ul>
              <li>Phone: <a href={`tel:+91${contact.phone}`}>{contact.phone}</a></li>
              <li>Phone: <a href={`tel:+91${contact.secondPhone}`}>{contact.secondPhone}</a></li>
              <li>E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a></li>
            </ul>
            <a className="job-modal__apply" href={`mailto:${contact.email}?subject=${encodeURIComponent(subject)}`}>Send your Resume/CV</a>
          </section>
        </>
      )}
    </Dialog>
  );
}
