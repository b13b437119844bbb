/**
 * /vacancies: a grid of vacancy cards (title, description, updated date); Read More opens a modal with
 * every field and the school's contact block. Space is reserved while loading (no layout shift).
 */
import { useEffect, useId, useState } from 'react';
import { Toasts, toast } from '../../lib/toast.tsx';
import { api } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dates.ts';
import type { Vacancy } from './vacancy.ts';
import type { VacanciesTexts } from './vacancies-texts.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import '../../components/ui/board.css';
import { contactOnPage, type SchoolContact } from '../../lib/school-contact.ts';
import { fillIn } from '../../lib/forms/texts.ts';

/** A text with the vacancy's title in place of {title} (a function, so a '$' in the title stays as typed). */
const withTitle = (text: string, title: string) => text.replace('{title}', () => title);
/** An employment type in the page's language (a type the words do not know shows as stored). */
const typeIn = (texts: VacanciesTexts, type: string) => texts[`vacancies.type.${type}` as keyof VacanciesTexts] ?? type;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; vacancies: Vacancy[] };

/**
 * `texts`: the page's language's texts (vacancies-texts.ts); `lang` dates the cards in that language;
 * `contact`: the office's as the build read it, followed live.
 */
export default function VacanciesBoard({
  contact: built,
  lang,
  texts,
}: {
  contact: SchoolContact;
  lang: Language;
  texts: VacanciesTexts;
}) {
  // The footer's contact once the page is up (kept live there); read when the list or a vacancy is shown.
  const contact = contactOnPage() ?? built;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [open, setOpen] = useState<Vacancy>();
  const [noneBefore, noneAfter] = fillIn(texts['vacancies.noneLater'], { email: '\u0000' }).split('\u0000');

  const failedToast = texts['vacancies.failedToast'];
  useEffect(() => {
    api('/jobs')
      .then(async (res) => {
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        setState({ status: 'ready', vacancies: (await res.json()) as Vacancy[] });
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
        <div className="vacancy-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="vacancy-card vacancy-card--skeleton" />
          ))}
          <p className="visually-hidden" role="status">
            {texts['vacancies.loading']}
          </p>
        </div>
      )}
      {state.status === 'failed' && (
        <p className="board__message" role="alert">
          {texts['vacancies.failed']}
        </p>
      )}
      {state.status === 'ready' && state.vacancies.length === 0 && (
        <div className="board__message">
          <p>
            <strong>{texts['vacancies.none']}</strong>
          </p>
          <p>
            {contact.email ? (
              <>
                {noneBefore}
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
                {noneAfter}
              </>
            ) : (
              fillIn(texts['vacancies.noneLater'], { email: '' })
            )}
          </p>
        </div>
      )}
      {state.status === 'ready' && state.vacancies.length > 0 && (
        <ul className="vacancy-grid">
          {state.vacancies.map((vacancy) => (
            <li key={vacancy._id} className="vacancy-card">
              <h2 className="vacancy-card__title">{vacancy.jobTitle}</h2>
              <p className="vacancy-card__type">{typeIn(texts, vacancy.employmentType)}</p>
              <p className="vacancy-card__desc">{vacancy.jobDescription}</p>
              <p className="vacancy-card__date">
                {texts['vacancies.updated']}{' '}
                <time dateTime={vacancy.updatedAt}>{formatDate(vacancy.updatedAt, lang)}</time>
              </p>
              <button
                type="button"
                className="vacancy-card__more"
                aria-haspopup="dialog"
                onClick={() => setOpen(vacancy)}
              >
                {texts['vacancies.readMore']}
                <span className="visually-hidden">{withTitle(texts['vacancies.readMoreAbout'], vacancy.jobTitle)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <VacancyModal vacancy={open} contact={contact} lang={lang} texts={texts} onClose={() => setOpen(undefined)} />
    </div>
  );
}

function VacancyModal({
  vacancy,
  contact,
  lang,
  texts,
  onClose,
}: {
  vacancy?: Vacancy;
  contact: SchoolContact;
  lang: Language;
  texts: VacanciesTexts;
  onClose: () => void;
}) {
  const id = useId();
  const subject = vacancy ? withTitle(texts['vacancies.subject'], vacancy.jobTitle) : '';
  return (
    <Dialog open={!!vacancy} onClose={onClose} labelledBy={`${id}-title`} className="vacancy-modal">
      {vacancy && (
        <>
          <button type="button" className="ui-dialog__close" aria-label={texts['vacancies.close']} onClick={onClose}>
            ×
          </button>
          <h2 id={`${id}-title`} className="ui-dialog__title">
            {vacancy.jobTitle}
          </h2>
          <p className="vacancy-modal__meta">
            <span className="vacancy-modal__type">{typeIn(texts, vacancy.employmentType)}</span> ·{' '}
            {texts['vacancies.posted']} <time dateTime={vacancy.createdAt}>{formatDate(vacancy.createdAt, lang)}</time>
          </p>
          <p className="vacancy-modal__desc">{vacancy.jobDescription}</p>
          <h3>{texts['vacancies.responsibilities']}</h3>
          <ul>
            {vacancy.keyResponsibilities.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
          <h3>{texts['vacancies.qualifications']}</h3>
          <ul>
            {vacancy.qualificationsAndRequirements.map((q, i) => (
              <li key={i}>{q}</li>
            ))}
          </ul>
          <dl className="vacancy-modal__facts">
            <dt>{texts['vacancies.employmentType']}</dt>
            <dd>{typeIn(texts, vacancy.employmentType)}</dd>
            <dt>{texts['vacancies.postedOn']}</dt>
            <dd>{formatDate(vacancy.createdAt, lang)}</dd>
          </dl>
          <section className="vacancy-modal__contact" aria-labelledby={`${id}-contact`}>
            <h3 id={`${id}-contact`}>{texts['vacancies.howToApply']}</h3>
            <ul>
              {contact.phones.map((phone) => (
                <li key={phone.href}>
                  {texts['vacancies.phone']} <a href={phone.href}>{phone.number}</a>
                </li>
              ))}
              {contact.email && (
                <li>
                  {texts['vacancies.email']} <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
              )}
              {!contact.email && !contact.phones.length && <li>{texts['vacancies.atOffice']}</li>}
            </ul>
            {contact.email && (
              <a
                className="vacancy-modal__apply"
                href={`mailto:${contact.email}?subject=${encodeURIComponent(subject)}`}
              >
                {texts['vacancies.send']}
              </a>
            )}
          </section>
        </>
      )}
    </Dialog>
  );
}
