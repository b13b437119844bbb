/**
 * /admin/calendar: the school's calendar, a month at a time (?month=YYYY-MM, this month by
 * default). The office adds an event or a holiday (a title in English, Hindi or both; one day, or a
 * first and last day), changes or deletes one; the public calendar and the phones' feed follow.
 * The form checks with the event's own schema before it sends, and shows the server's refusals
 * beside their fields.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { api, answerOf, apiJson } from '../../lib/api-client.ts';
import { toast, DELETE_TOAST_AUTO_CLOSE } from '../../lib/toast.tsx';
import { dateInIndia } from '../../lib/dates.ts';
import { ScreenHeader } from '../../components/admin/ui.tsx';
import { ConfirmDialog } from '../../components/admin/ConfirmDialog.tsx';
import { EVENT_LIMITS, lastDay, validateEvent, type CalendarEvent } from './event.ts';
import {
  addMonths,
  dayName,
  firstDayOf,
  isMonth,
  lastDayOf,
  monthName,
  monthOf,
  daysBetween,
  type Month,
} from './month.ts';
import './calendar-admin.css';

interface Values {
  en: string;
  hi: string;
  startsOn: string;
  endsOn: string;
  holiday: boolean;
}
type FieldName = 'title' | 'startsOn' | 'endsOn';

const EMPTY: Values = { en: '', hi: '', startsOn: '', endsOn: '', holiday: false };
const payload = (v: Values) => ({
  title: { en: v.en, hi: v.hi },
  startsOn: v.startsOn,
  endsOn: v.endsOn || null,
  holiday: v.holiday,
});
const valuesOf = (e: CalendarEvent): Values => ({
  en: e.title.en ?? '',
  hi: e.title.hi ?? '',
  startsOn: e.startsOn,
  endsOn: e.endsOn ?? '',
  holiday: e.holiday,
});

function monthFromUrl(): Month {
  const asked = new URLSearchParams(location.search).get('month') ?? '';
  return isMonth(asked) ? asked : monthOf(dateInIndia());
}

/** 'Fri, 25 Dec 2026' or 'Thu, 24 Dec 2026 – Sat, 2 Jan 2027 (10 days)'. */
function datesText(e: Pick<CalendarEvent, 'startsOn' | 'endsOn'>): string {
  if (!e.endsOn) return dayName(e.startsOn, 'en', true);
  return `${dayName(e.startsOn, 'en', true)} – ${dayName(e.endsOn, 'en', true)} (${daysBetween(e.startsOn, e.endsOn) + 1} days)`;
}

export default function CalendarScreen() {
  const id = useId();
  const [month, setMonth] = useState<Month>(monthFromUrl);
  const [events, setEvents] = useState<CalendarEvent[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<CalendarEvent | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const startsOnRef = useRef<HTMLInputElement>(null);
  const endsOnRef = useRef<HTMLInputElement>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);

  async function load(shown: Month) {
    setLoadFailed(false);
    try {
      const res = await api(`/events?${new URLSearchParams({ from: firstDayOf(shown), to: lastDayOf(shown) })}`);
      if (res.status !== 200) throw new Error(String(res.status));
      setEvents((await res.json()) as CalendarEvent[]);
    } catch {
      setEvents([]);
      setLoadFailed(true);
    }
  }

  useEffect(() => {
    const url = new URL(location.href);
    url.searchParams.set('month', month);
    history.replaceState(null, '', url);
    setEvents(null);
    void load(month);
  }, [month]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: FieldName | undefined = key === 'en' || key === 'hi' ? 'title' : key === 'holiday' ? undefined : key;
    if (field && errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function showProblems(fields: Record<string, string> | undefined, message: string) {
    const found: Partial<Record<FieldName, string>> = {};
    for (const name of ['title', 'startsOn', 'endsOn'] as const) if (fields?.[name]) found[name] = fields[name];
    setErrors(found);
    toast.warning(message);
    const first = (['title', 'startsOn', 'endsOn'] as const).find((f) => found[f]);
    const refs = { title: titleRef, startsOn: startsOnRef, endsOn: endsOnRef };
    if (first) refs[first].current?.focus();
  }

  function startEdit(event: CalendarEvent) {
    setEditing(event);
    setValues(valuesOf(event));
    setErrors({});
    formHeading.current?.focus();
  }

  function reset() {
    setEditing(null);
    setValues(EMPTY);
    setErrors({});
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    const checked = validateEvent(payload(values));
    if (!checked.ok) return showProblems(checked.fields, checked.error);
    setBusy(true);
    try {
      const res = editing
        ? await apiJson(`/events/${editing._id}`, 'PUT', payload(values))
        : await apiJson('/events', 'POST', payload(values));
      const { status, body } = await answerOf<CalendarEvent>(res);
      if (status === 200 || status === 201) {
        const saved = body as CalendarEvent;
        toast.success(
          editing
            ? 'Event saved. The website shows the change within a minute.'
            : 'Event added. The website shows it within a minute.',
        );
        reset();
        // The month that shows it: this one when it has a day in it, else its first month.
        if (saved.startsOn > lastDayOf(month) || lastDay(saved) < firstDayOf(month)) setMonth(monthOf(saved.startsOn));
        else await load(month);
        return;
      }
      if (status === 400) return showProblems(body.fields, body.error ?? 'Please check the form.');
      if (status === 404) {
        toast.error('This event was deleted meanwhile.');
        reset();
        await load(month);
        return;
      }
      toast.error(body.error ?? 'The event could not be saved. Please try again.');
    } catch {
      toast.error('The event could not be saved. Please check the connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  async function confirmDelete() {
    const event = deleting;
    setDeleting(null);
    if (!event) return;
    try {
      const res = await api(`/events/${event._id}`, { method: 'DELETE' });
      if (res.status === 200 || res.status === 404) {
        toast.success('Event deleted.', { autoClose: DELETE_TOAST_AUTO_CLOSE });
        if (editing?._id === event._id) reset();
        await load(month);
        return;
      }
      toast.error(((await answerOf(res)).body.error as string | undefined) ?? 'The event could not be deleted.');
    } catch {
      toast.error('The event could not be deleted. Please check the connection and try again.');
    }
  }

  const title = (e: CalendarEvent) => (
    <>
      {e.title.en && <span className="cal-admin-title">{e.title.en}</span>}
      {e.title.hi && (
        <span className="cal-admin-title" lang="hi">
          {e.title.hi}
        </span>
      )}
    </>
  );

  return (
    <section aria-labelledby="screen-title" className="cal-admin">
      <ScreenHeader title="School calendar">
        <a className="btn" href={`/calendar/${month}`} target="_blank" rel="noopener">
          See it on the website
        </a>
      </ScreenHeader>

      <nav className="cal-admin-months" aria-label="Months">
        <button type="button" className="btn" onClick={() => setMonth(addMonths(month, -1))}>
          ← {monthName(addMonths(month, -1), 'en')}
        </button>
        <div className="admin-field cal-admin-month">
          <label htmlFor={`${id}-month`}>Month shown</label>
          <input
            id={`${id}-month`}
            type="month"
            value={month}
            onChange={(e) => isMonth(e.target.value) && setMonth(e.target.value)}
          />
        </div>
        <button type="button" className="btn" onClick={() => setMonth(addMonths(month, 1))}>
          {monthName(addMonths(month, 1), 'en')} →
        </button>
      </nav>

      <div className="cal-admin-layout">
        <div>
          <h2 id={`${id}-list`}>{monthName(month, 'en')}</h2>
          {events === null ? (
            <p role="status" className="admin-state">
              Loading...
            </p>
          ) : loadFailed ? (
            <p role="alert" className="form-error">
              The calendar could not be loaded.{' '}
              <button type="button" className="btn btn--small" onClick={() => void load(month)}>
                Try again
              </button>
            </p>
          ) : events.length === 0 ? (
            <p className="admin-state">Nothing in {monthName(month, 'en')} yet. Add the first event with the form.</p>
          ) : (
            <table className="admin-table" aria-labelledby={`${id}-list`}>
              <thead>
                <tr>
                  <th scope="col">Dates</th>
                  <th scope="col">Title</th>
                  <th scope="col">Kind</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e._id} aria-current={editing?._id === e._id ? 'true' : undefined}>
                    <td data-label="Dates">{datesText(e)}</td>
                    <td data-label="Title" className="cell-wrap">
                      {title(e)}
                    </td>
                    <td data-label="Kind">{e.holiday ? <strong>Holiday</strong> : 'Event'}</td>
                    <td className="cal-admin-actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => startEdit(e)}
                        aria-label={`Change ${e.title.en ?? e.title.hi}`}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className="btn btn--small btn--danger"
                        onClick={() => setDeleting(e)}
                        aria-label={`Delete ${e.title.en ?? e.title.hi}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>

        <form
          className="admin-form cal-admin-form"
          noValidate
          onSubmit={submit}
          aria-labelledby={`${id}-form`}
          aria-busy={busy}
        >
          <h2 id={`${id}-form`} ref={formHeading} tabIndex={-1}>
            {editing ? 'Change the event' : 'Add an event or a holiday'}
          </h2>
          <p className="hint">
            Write the title in English, in Hindi or in both: each language's website shows its own, or the other when it
            has none.
          </p>
          <fieldset
            className="cal-admin-titles"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? `${id}-title-error` : undefined}
          >
            <legend>
              Title{' '}
              <span className="required" aria-hidden="true">
                *
              </span>
            </legend>
            <div className="admin-field">
              <label htmlFor={`${id}-en`}>In English</label>
              <input
                id={`${id}-en`}
                ref={titleRef}
                type="text"
                value={values.en}
                maxLength={EVENT_LIMITS.title}
                aria-invalid={errors.title ? true : undefined}
                onChange={(e) => set('en', e.target.value)}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-hi`}>In Hindi (हिन्दी में)</label>
              <input
                id={`${id}-hi`}
                type="text"
                lang="hi"
                value={values.hi}
                maxLength={EVENT_LIMITS.title}
                aria-invalid={errors.title ? true : undefined}
                onChange={(e) => set('hi', e.target.value)}
              />
            </div>
            <p id={`${id}-title-error`} className="field-error" role="alert">
              {errors.title ?? ''}
            </p>
          </fieldset>
          <div className="cal-admin-dates">
            <div className="admin-field">
              <label htmlFor={`${id}-start`}>
                Date (first day){' '}
                <span className="required" aria-hidden="true">
                  *
                </span>
              </label>
              <input
                id={`${id}-start`}
                ref={startsOnRef}
                type="date"
                required
                aria-required="true"
                value={values.startsOn}
                aria-invalid={errors.startsOn ? true : undefined}
                aria-describedby={`${id}-start-error`}
                onChange={(e) => set('startsOn', e.target.value)}
              />
              <p id={`${id}-start-error`} className="field-error" role="alert">
                {errors.startsOn ?? ''}
              </p>
            </div>
            <div className="admin-field">
              <label htmlFor={`${id}-end`}>Last day (optional)</label>
              <input
                id={`${id}-end`}
                ref={endsOnRef}
                type="date"
                value={values.endsOn}
                min={values.startsOn || undefined}
                aria-invalid={errors.endsOn ? true : undefined}
                aria-describedby={`${id}-end-hint ${id}-end-error`}
                onChange={(e) => set('endsOn', e.target.value)}
              />
              <p id={`${id}-end-hint`} className="hint">
                Only for something of several days, such as a vacation. Leave empty for one day.
              </p>
              <p id={`${id}-end-error`} className="field-error" role="alert">
                {errors.endsOn ?? ''}
              </p>
            </div>
          </div>
          <div className="admin-field admin-field--check">
            <label>
              <input type="checkbox" checked={values.holiday} onChange={(e) => set('holiday', e.target.checked)} />{' '}
              Holiday: the school is closed
            </label>
          </div>
          <div className="admin-actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {busy ? 'Saving…' : editing ? 'Save changes' : 'Add to the calendar'}
            </button>
            {editing && (
              <button type="button" className="btn" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting
            ? `Delete "${deleting.title.en ?? deleting.title.hi}" (${datesText(deleting)}) from the calendar? It goes from the website too.`
            : ''
        }
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
