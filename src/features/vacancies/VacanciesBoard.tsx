/**
 * /vacancies: a grid of job cards (title, description, updated date); Read More opens a modal with
 * every field and the school's contact block. Space is reserved while loading (no layout shift).
 */
import { useEffect, useId, useState } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import type { Vacancy } from './vacancy.ts';
import type { VacanciesWords } from './vacancies-words.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import '../../components/ui/board.css';
import { contactOnPage, type SchoolContact } from '../../lib/school-contact.ts';
import { fillIn } from '../../lib/forms/texts.ts';

/** A text with the job's title in place of {title} (a function, so a '$' in the title stays as typed). */
const withTitle = (text: string, title: string) => text.replace('{title}', () => title);
/** An employment type in the page's language (a type the words do not know shows as stored). */
const typeIn = (words: VacanciesWords, type: string) => words[`vacancies.type.${type}` as keyof VacanciesWords] ?? type;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; jobs: Vacancy[] };

/**
 * `words`: the page's language's words (vacancies-words.ts); `lang` dates the cards in that language;
 * `contact`: the office's as the build read it, followed live.
 */
export default function VacanciesBoard({
  contact: built,
  lang,
  words,
}: {
  contact: SchoolContact;
  lang: Language;
  words: VacanciesWords;
}) {
  // The footer's contact once the page is up (kept live there); read when the list or a job is shown.
  const contact = contactOnPage() ?? built;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState<Vacancy>();
  const [noneBefore, noneAfter] = fillIn(words['vacancies.noneLater'], { email: '\u0000' }).split('\u0000');

  const failedToast = words['vacancies.failedToast'];
  useEffect(() => {
    api('/jobs')
      .then(async (res) => {
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        setState({ status: 'ready', jobs: (await res.json()) as Vacancy[] });
      })
      .catch(() => {
        setState({ status: 'failed' });
        toast.error(failedToast);
      });
  }, [failedToast]);

  return (
    <div className="board" aria-busy={state.status === 'loading'}>
      <Toasts />
      {state.status === 'loading' && (
        <div className="job-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="job-card job-card--skeleton" />
          ))}
          <p className="visually-hidden" role="status">
            {words['vacancies.loading']}
          </p>
        </div>
      )}
      {state.status === 'failed' && (
        <p className="board__message" role="alert">
          {words['vacancies.failed']}
        </p>
      )}
      {state.status === 'ready' && state.jobs.length === 0 && (
        <div className="board__message">
          <p>
            <strong>{words['vacancies.none']}</strong>
          </p>
          <p>
            {contact.email ? (
              <>
                {noneBefore}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
                {noneAfter}
              </>
            ) : (
              fillIn(words['vacancies.noneLater'], { email: '' })
            )}
          </p>
        </div>
      )}
      {state.status === 'ready' && state.jobs.length > 0 && (
        <ul className="job-grid">
          {state.jobs.map((job) => (
            <li key={job._id} className="job-card">
              <h2 className="job-card__title">{job.jobTitle}</h2>
              <p className="job-card__type">{typeIn(words, job.employmentType)}</p>
              <p className="job-card__desc">{job.jobDescription}</p>
              <p className="job-card__date">
                {words['vacancies.updated']} <time dateTime={job.updatedAt}>{formatDate(job.updatedAt, lang)}</time>
              </p>
              <button type="button" className="job-card__more" aria-haspopup="dialog" onClick={() => setOpen(job)}>
                {words['vacancies.readMore']}
                <span className="visually-hidden">{withTitle(words['vacancies.readMoreAbout'], job.jobTitle)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <VacancyModal job={open} contact={contact} lang={lang} words={words} onClose={() => setOpen(undefined)} />
    </div>
  );
}

function VacancyModal({
  job,
  contact,
  lang,
  words,
  onClose,
}: {
  job?: Vacancy;
  contact: SchoolContact;
  lang: Language;
  words: VacanciesWords;
  onClose: () => void;
}) {
  const id = useId();
  const subject = job ? withTitle(words['vacancies.subject'], job.jobTitle) : '';
  return (
    <Dialog open={!!job} onClose={onClose} labelledBy={`${id}-title`} className="job-modal">
      {job && (
        <>
          <button type="button" className="ui-dialog__close" aria-label={words['vacancies.close']} onClick={onClose}>
            ×
          </button>
          <h2 id={`${id}-title`} className="ui-dialog__title">
            {job.jobTitle}
          </h2>
          <p className="job-modal__meta">
            <span className="job-modal__type">{typeIn(words, job.employmentType)}</span> · {words['vacancies.posted']}{' '}
            <time dateTime={job.createdAt}>{formatDate(job.createdAt, lang)}</time>
          </p>
          <p className="job-modal__desc">{job.jobDescription}</p>
          <h3>{words['vacancies.responsibilities']}</h3>
          <ul>
            {job.keyResponsibilities.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
          <h3>{words['vacancies.qualifications']}</h3>
          <ul>
            {job.qualificationsAndRequirements.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ul>
          <dl className="job-modal__facts">
            <dt>{words['vacancies.employmentType']}</dt>
            <dd>{typeIn(words, job.employmentType)}</dd>
            <dt>{words['vacancies.postedOn']}</dt>
            <dd>{formatDate(job.createdAt, lang)}</dd>
          </dl>
          <section className="job-modal__contact" aria-labelledby={`${id}-contact`}>
            <h3 id={`${id}-contact`}>{words['vacancies.howToApply']}</h3>
            <ul>
              {contact.phones.map((phone) => (
                <li key={phone.href}>
                  {words['vacancies.phone']} <a href={phone.href}>{phone.number}</a>
                </li>
              ))}
              {contact.email && (
                <li>
                  {words['vacancies.email']} <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              )}
              {!contact.email && !contact.phones.length && <li>{words['vacancies.atOffice']}</li>}
            </ul>
            {contact.email && (
              <a className="job-modal__apply" href={`mailto:${contact.email}?subject=${encodeURIComponent(subject)}`}>
                {words['vacancies.send']}
              </a>
            )}
          </section>
        </>
      )}
    </Dialog>
  );
}
